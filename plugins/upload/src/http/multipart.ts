/**
 * Reads a multipart upload: the body of `POST /api/upload` (file parts named `files`), or of a
 * GraphQL multipart request (file parts named by its `map`). The global body parser leaves
 * multipart alone; file parts stream to a temporary folder, never into memory; a file past
 * `sizeLimit` stops the request with a 413 while it streams in, and more files or fields than
 * allowed are a 400. The caller removes `workDir` when it is done. A body the global parser
 * already read (JSON, or multipart when the app turned it on there) is taken as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type busboy from 'busboy';
import { containsNul, isPlainObject, type RequestContext } from '@platform/core';
import type { UploadConfig } from '../config';
import { errors } from '../errors';

export interface IncomingFile {
  /** the name of its part */
  field: string;
  /** where its bytes are on disk */
  path: string;
  /** the name the client sent */
  filename: string;
  /** the type the client declared */
  mimeType: string | null;
  size: number;
}

export interface UploadRequest {
  /** text fields, each as the list of its values (a field may repeat) */
  fields: Record<string, unknown>;
  files: IncomingFile[];
  /** a temporary folder for this request's files and image variants */
  workDir: string;
  /** removes the request's temporary files (its folder, and those the global parser wrote) */
  dispose(): Promise<void>;
}

/** the temporary folders of requests being read: `<tmp>/platform-upload-work-XXXXXX` */
export const WORK_PREFIX = 'platform-upload-work-';
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 1024 * 1024;

function humanBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

export function tooLarge(sizeLimit: number): Error {
  return errors.request('TOO_LARGE', `A file exceeds the size limit of ${humanBytes(sizeLimit)}`, { sizeLimit });
}

/** A file koa-body (formidable) already wrote, when the app parses multipart globally. */
interface ParsedFile {
  filepath: string;
  originalFilename?: string | null;
  mimetype?: string | null;
  size: number;
}

function fromGlobalParser(field: string, files: unknown): IncomingFile[] {
  const list = (Array.isArray(files) ? files : files ? [files] : []) as ParsedFile[];
  return list.map((file) => ({ field, path: file.filepath, filename: file.originalFilename ?? '', mimeType: file.mimetype ?? null, size: file.size }));
}

export interface ReadOptions {
  /** which file parts are files of the upload (default: those named `files`); the others are skipped */
  isFilePart?: (name: string) => boolean;
  /** told of each part as it arrives, in order; throwing stops the request with that error */
  watch?: (part: { name: string; kind: 'field' | 'file'; value?: string }) => void;
}

type Bounds = Pick<UploadConfig, 'sizeLimit' | 'maxFiles'>;

/** A body the global parser read: its fields and files, told to `watch` in the order they came. */
function alreadyParsed(ctx: RequestContext, parsed: Record<string, unknown> | undefined, config: Bounds, options: ReadOptions): Pick<UploadRequest, 'fields' | 'files'> {
  const body = isPlainObject(ctx.request.body) ? ctx.request.body : {};
  const isFilePart = options.isFilePart ?? ((name: string) => name === 'files');
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) options.watch?.({ name, kind: 'field', value: typeof item === 'string' ? item : JSON.stringify(item) });
  }
  const files = Object.entries(parsed ?? {})
    .filter(([name]) => isFilePart(name))
    .flatMap(([name, value]) => fromGlobalParser(name, value));
  for (const file of files) options.watch?.({ name: file.field, kind: 'file' });
  if (files.length > config.maxFiles) throw errors.request('MULTIPART_INVALID', `At most ${config.maxFiles} files can be uploaded at once`);
  if (files.some((file) => file.size > config.sizeLimit)) throw tooLarge(config.sizeLimit);
  const fields: Record<string, unknown> = {};
  // as busboy reads them: each text field as the list of its values
  for (const [name, value] of Object.entries(body)) fields[name] = options.isFilePart ? (Array.isArray(value) ? value : [value]).map(String) : value;
  return { fields, files };
}

export async function readUploadRequest(ctx: RequestContext, config: Bounds, options: ReadOptions = {}): Promise<UploadRequest> {
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), WORK_PREFIX));
  const parsed = (ctx.request as { files?: Record<string, unknown> }).files;
  const written = parsed ? Object.values(parsed).flatMap((value) => fromGlobalParser('', value).map((file) => file.path)) : [];
  const dispose = async () => {
    await Promise.all([workDir, ...written].map((item) => fs.promises.rm(item, { recursive: true, force: true })));
  };
  try {
    if (parsed || !ctx.is('multipart/form-data')) return { ...alreadyParsed(ctx, parsed, config, options), workDir, dispose };
    return { ...(await streamParts(ctx, config, workDir, options)), workDir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** busboy loads with the first multipart request, not with the platform. */
const busboyModule = () => require('busboy') as typeof import('busboy');

function streamParts(ctx: RequestContext, config: Bounds, workDir: string, options: ReadOptions): Promise<Pick<UploadRequest, 'fields' | 'files'>> {
  const isFilePart = options.isFilePart ?? ((name: string) => name === 'files');
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboyModule()({
        headers: ctx.req.headers,
        limits: { fileSize: config.sizeLimit, files: config.maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
      });
    } catch (error) {
      reject(errors.request('MULTIPART_INVALID', `The multipart body cannot be read: ${(error as Error).message}`));
      return;
    }
    const fields: Record<string, string[]> = {};
    const files: IncomingFile[] = [];
    const writes: Array<Promise<void>> = [];
    const open = new Set<fs.WriteStream>();
    let failed = false;
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      // The rest of the body is read and dropped, so the client gets the answer.
      ctx.req.unpipe(parser);
      ctx.req.resume();
      // The files being written are closed before the caller removes the work folder: a file
      // still opening while it is removed would be left behind (or make the removal fail),
      // after the answer was sent.
      const closing = [...open].map(
        (target) =>
          new Promise<void>((resolve) => {
            if (target.closed) return resolve();
            target.once('close', () => resolve());
            target.destroy();
          }),
      );
      void Promise.all(closing).then(() => reject(error));
    };
    /** whether `watch` accepted the part (it failed the request otherwise) */
    const watched = (part: Parameters<NonNullable<ReadOptions['watch']>>[0]): boolean => {
      try {
        options.watch?.(part);
        return true;
      } catch (error) {
        fail(error as Error);
        return false;
      }
    };
    parser.on('file', (name, stream, info) => {
      if (!isFilePart(name) || failed || !watched({ name, kind: 'file' })) {
        stream.resume();
        return;
      }
      const file: IncomingFile = { field: name, path: path.join(workDir, `part-${files.length}`), filename: info.filename ?? '', mimeType: info.mimeType || null, size: 0 };
      files.push(file);
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on('limit', () => fail(tooLarge(config.sizeLimit)));
      const target = fs.createWriteStream(file.path);
      open.add(target);
      target.once('close', () => open.delete(target));
      writes.push(pipeline(stream, target).catch((error: Error) => fail(error)));
    });
    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (info.valueTruncated) fail(errors.request('MULTIPART_INVALID', `The field "${name}" is longer than ${MAX_FIELD_BYTES} bytes`));
      // as a body or a query string holding one: no text column keeps it the same way everywhere
      else if (containsNul(value) || containsNul(name)) fail(errors.request('MULTIPART_INVALID', `The field "${name.replaceAll('\u0000', '')}" contains a NUL character`));
      else if (watched({ name, kind: 'field', value })) {
        fields[name] ??= [];
        fields[name].push(value);
      }
    });
    parser.on('filesLimit', () => fail(errors.request('MULTIPART_INVALID', `At most ${config.maxFiles} files can be uploaded at once`)));
    parser.on('fieldsLimit', () => fail(errors.request('MULTIPART_INVALID', `At most ${MAX_FIELDS} fields can be sent with an upload`)));
    parser.on('error', (error: Error) => fail(errors.request('MULTIPART_INVALID', `The multipart body cannot be read: ${error.message}`)));
    parser.on('close', () => {
      void Promise.all(writes).then(() => {
        if (!failed) resolve({ fields, files });
      });
    });
    ctx.req.on('aborted', () => fail(errors.request('MULTIPART_INVALID', 'The upload was interrupted')));
    ctx.req.pipe(parser);
  });
}
