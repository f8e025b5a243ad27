/**
 * What the upload tests share: real images made with sharp, multipart requests built with
 * FormData, and an app folder of its own (a temporary copy of the example app), so that the
 * files the local provider writes land in that folder's public/uploads.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import os from 'node:os';
import type { DatabaseClient, PluginDefinition } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import type { Json } from '../helpers/json';

export interface Part {
  name: string;
  type?: string;
  data: Buffer | string;
}

/** A PNG of the given size, with a gradient so that it does not compress to nothing. */
export async function png(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function jpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 13) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function form(files: Part[], fields: Record<string, string | string[]> = {}): FormData {
  const body = new FormData();
  for (const file of files) body.append('files', new Blob([file.data], file.type ? { type: file.type } : {}), file.name);
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

export async function send(app: TestApp, method: string, urlPath: string, body?: FormData | string | Uint8Array, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + urlPath, { method, body, headers });
  const text = await res.text();
  let parsed: Json = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

export const upload = (app: TestApp, files: Part[], fields: Record<string, string | string[]> = {}, query = '') => send(app, 'POST', `/api/upload${query}`, form(files, fields));

export const EXAMPLE_APP = path.resolve(__dirname, '..', '..');
export const POPULATE_APP = path.resolve(__dirname, '..', 'fixtures', 'populate-app');

/**
 * A temporary app folder: `source`'s api/, components/ and config files (linked), plus `files`
 * (a written config file replaces the source's of the same name).
 */
export function uploadApp(files: Record<string, string> = {}, source = EXAMPLE_APP): { dir: string; uploads: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-upload-app-'));
  for (const folder of ['api', 'components']) fs.symlinkSync(path.join(source, folder), path.join(dir, folder));
  fs.mkdirSync(path.join(dir, 'config'));
  const written = new Set(
    Object.keys(files)
      .filter((name) => name.startsWith('config/'))
      .map((name) => path.parse(name).name),
  );
  for (const file of fs.readdirSync(path.join(source, 'config'))) {
    if (!written.has(path.parse(file).name)) fs.symlinkSync(path.join(source, 'config', file), path.join(dir, 'config', file));
  }
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return { dir, uploads: path.join(dir, 'public', 'uploads'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The files in a folder, sorted (none when it does not exist). */
export function listFiles(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * `describe` once per database of TEST_DATABASES, each with its own app folder (so the files
 * on disk are the run's own) and a platform booted on it.
 */
export function describeUploads(
  title: string,
  fn: (ctx: { app: TestApp; client: DatabaseClient; dir: ReturnType<typeof uploadApp> }) => void,
  options: { files?: Record<string, string>; source?: string; config?: Record<string, Record<string, unknown>>; plugins?: PluginDefinition[]; middlewares?: unknown[] } = {},
): void {
  for (const client of testClients()) {
    describe(`${title} [${client}]`, function () {
      this.timeout(60000);
      const ctx = { client } as { app: TestApp; client: DatabaseClient; dir: ReturnType<typeof uploadApp> };
      before(async () => {
        ctx.dir = uploadApp(options.files, options.source);
        ctx.app = await startApp({ client, appDir: ctx.dir.dir, config: options.config, plugins: options.plugins, middlewares: options.middlewares });
      });
      after(async () => {
        await ctx.app?.close();
        ctx.dir?.remove();
      });
      fn(ctx);
    });
  }
}

/** Width and height of an image on disk. */
export async function dimensions(file: string): Promise<[number, number]> {
  const { width, height } = await sharp(file).metadata();
  return [width ?? 0, height ?? 0];
}
