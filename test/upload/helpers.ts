/**
 * What the upload tests share: real images made with sharp, multipart requests built with
 * FormData, and an app folder of its own (a temporary copy of the example app), so that the
 * files the local provider writes land in that folder's public/uploads.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from '../helpers/app';
import { exampleAppWith } from '../helpers/app-dir';

export interface Part {
  name: string;
  type?: string;
  data: Buffer | string;
}

/** A PNG of the given size, with a gradient so that it does not compress to nothing. */
export async function png(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

export async function jpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 13) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

export function form(files: Part[], fields: Record<string, string | string[]> = {}): FormData {
  const body = new FormData();
  for (const file of files) body.append('files', new Blob([file.data], file.type ? { type: file.type } : {}), file.name);
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

export async function send(app: TestApp, method: string, urlPath: string, body?: FormData | string, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + urlPath, { method, body, headers });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

export const upload = (app: TestApp, files: Part[], fields: Record<string, string | string[]> = {}, query = '') => send(app, 'POST', `/api/upload${query}`, form(files, fields));

/** A temporary app folder: the example app, plus `files`. */
export function uploadApp(files: Record<string, string> = {}): { dir: string; uploads: string; remove(): void } {
  const app = exampleAppWith(files);
  return { ...app, uploads: path.join(app.dir, 'public', 'uploads') };
}

/** The files in a folder, sorted (none when it does not exist). */
export function listFiles(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
