/**
 * The one reader of multipart/form-data bodies, streamed with busboy: text parts in memory
 * (bounded), file parts written to a folder on disk as they arrive, never whole in memory. The
 * kernel's body parser (`strapi::body` with `multipart: true`, ./body.ts) reads with it, and so
 * do plugins that read a multipart body of their own (an upload route, a GraphQL multipart
 * request), each with its own bounds. busboy is loaded on the first multipart request, so apps
 * that never receive one never load it.
 *
 * A body that fails (a bound passed, a malformed part, the client gone, a `watch` that refused
 * a part) is read no further: no file is begun after the failure, the files begun are closed
 * and removed, and only then does the read reject. Nothing written for a failed request
 * outlives its answer. After a read that succeeds the files are the caller's to move or remove
 * (removeFiles).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type busboy from 'busboy';
import type { UploadedFile } from './types';

export interface MultipartLimits {
  /** bytes of one file (past it, the read stops as the file streams in) */
  maxFileSize: number;
  /** bytes of all the files together */
  maxTotalFileSize: number;
  /** bytes a file must have at least (1: an empty file is refused) */
  minFileSize: number;
  maxFiles: number;
  maxFields: number;
  /** bytes of one text part */
  maxFieldSize: number;
  /** bytes of all the text parts together */
  maxFieldsSize: number;
}

/** A part as it arrives: a file part when it begins (before its bytes), a text part with its value. */
export type MultipartWatcher = (part: { name: string; kind: 'field' | 'file'; value?: string }) => void;

export interface MultipartOptions extends Partial<MultipartLimits> {
  /** where files are written; default the OS temporary folder */
  uploadDir?: string;
  /** the file's name on disk ends with the extension of the client's name */
  keepExtensions?: boolean;
  /** which file parts are written (default: all); the others are read and dropped */
  acceptFile?: (name: string) => boolean;
  /** told of each accepted part in the order it arrives; throwing stops the read with that error */
  watch?: MultipartWatcher;
}

/** What a read gives: each text part as the list of its values (a field may repeat), the files in the order they came. */
export interface MultipartParts {
  fields: Record<string, string[]>;
  files: UploadedFile[];
}

/** Why a body was refused; callers word it in their own terms (`reason`, `limit`, `field`). */
export type MultipartFailure = 'fileSize' | 'totalFileSize' | 'minFileSize' | 'files' | 'fields' | 'fieldSize' | 'fieldsSize' | 'aborted' | 'malformed';

export class MultipartError extends Error {
  constructor(
    readonly reason: MultipartFailure,
    message: string,
    /** 413 for a bound passed, 400 for a body that is wrong or cut short */
    readonly status: 400 | 413,
    /** the bound passed, for a `reason` that has one */
    readonly limit?: number,
    /** the part concerned (fieldSize, minFileSize) */
    readonly field?: string,
    /** the bytes received (minFileSize) */
    readonly received?: number,
  ) {
    super(message);
    this.name = 'MultipartError';
  }
}

/** formidable's defaults (Strapi v4's parser), but no bound on the files' total or number, and empty files taken. */
const DEFAULT_LIMITS: MultipartLimits = {
  maxFileSize: 200 * 1024 * 1024,
  maxTotalFileSize: Number.POSITIVE_INFINITY,
  minFileSize: 0,
  maxFiles: Number.POSITIVE_INFINITY,
  maxFields: 1000,
  maxFieldSize: 20 * 1024 * 1024,
  maxFieldsSize: 20 * 1024 * 1024,
};

/** loaded with the first multipart request, not with the platform */
const busboyModule = () => require('busboy') as typeof import('busboy');

/** The bounds with the options' own in place of the defaults (an option left undefined keeps its default). */
function limitsOf(options: MultipartOptions): MultipartLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof MultipartLimits>) {
    const value = options[key];
    if (typeof value === 'number' && !Number.isNaN(value)) limits[key] = value;
  }
  return limits;
}

/** A name no other file in the folder has; with `keepExtensions`, the client's extension when it is plain letters and digits. */
function newFilename(originalFilename: string, keepExtensions: boolean): string {
  const ext = path.extname(originalFilename);
  return `${crypto.randomBytes(16).toString('hex')}${keepExtensions && /^\.[0-9A-Za-z]+$/.test(ext) ? ext : ''}`;
}

/** Closes a file being written (removing it first would let the stream create it again), then removes it. */
async function discard(target: fs.WriteStream, filepath: string): Promise<void> {
  if (!target.closed) {
    const closed = new Promise<void>((resolve) => target.once('close', () => resolve()));
    target.destroy();
    await closed;
  }
  await fs.promises.rm(filepath, { force: true });
}

/** Removes files a read wrote; one already moved or removed is skipped. */
export async function removeFiles(files: readonly UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.promises.rm(file.filepath, { force: true })));
}

export function readMultipart(req: http.IncomingMessage, options: MultipartOptions = {}): Promise<MultipartParts> {
  const limits = limitsOf(options);
  const uploadDir = options.uploadDir ?? os.tmpdir();
  const accept = options.acceptFile ?? (() => true);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboyModule()({
        headers: req.headers,
        // file names as UTF-8, as browsers send them (busboy's default is latin1)
        defParamCharset: 'utf8',
        limits: { fileSize: limits.maxFileSize, files: limits.maxFiles, fields: limits.maxFields, fieldSize: limits.maxFieldSize },
      });
    } catch (error) {
      reject(new MultipartError('malformed', `The multipart body cannot be read: ${(error as Error).message}`, 400));
      return;
    }
    const fields = new Map<string, string[]>();
    const files: UploadedFile[] = [];
    const begun: Array<{ target: fs.WriteStream; filepath: string }> = [];
    const writes: Array<Promise<void>> = [];
    let fileBytes = 0;
    let fieldBytes = 0;
    let failed = false;
    let done = false;
    const fail = (error: Error): void => {
      // once read, the files are the caller's: the client leaving later takes nothing away
      if (failed || done) return;
      failed = true;
      // The rest of the body is read and dropped, so that the client gets the answer.
      req.unpipe(parser);
      req.resume();
      void Promise.all(begun.map(({ target, filepath }) => discard(target, filepath).catch(() => undefined))).then(() => reject(error));
    };
    /** whether `watch` took the part (it failed the read otherwise) */
    const watched = (part: Parameters<MultipartWatcher>[0]): boolean => {
      try {
        options.watch?.(part);
        return true;
      } catch (error) {
        fail(error as Error);
        return false;
      }
    };
    parser.on('file', (name, stream, info) => {
      // after a failure nothing more is written: every file begun is one `fail` removes
      if (failed || !accept(name) || !watched({ name, kind: 'file' })) {
        stream.resume();
        return;
      }
      const originalFilename = info.filename ?? '';
      const filename = newFilename(originalFilename, options.keepExtensions ?? false);
      const file: UploadedFile = { fieldName: name, filepath: path.join(uploadDir, filename), originalFilename, newFilename: filename, mimetype: info.mimeType, size: 0 };
      files.push(file);
      const target = fs.createWriteStream(file.filepath, { flags: 'wx' });
      begun.push({ target, filepath: file.filepath });
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        fileBytes += chunk.length;
        if (fileBytes > limits.maxTotalFileSize) fail(new MultipartError('totalFileSize', `The files are larger than ${limits.maxTotalFileSize} bytes together`, 413, limits.maxTotalFileSize));
      });
      stream.on('limit', () => fail(new MultipartError('fileSize', `A file is larger than ${limits.maxFileSize} bytes`, 413, limits.maxFileSize)));
      const written = pipeline(stream, target).then(() => {
        if (file.size < limits.minFileSize) fail(new MultipartError('minFileSize', `A file is smaller than ${limits.minFileSize} bytes`, 400, limits.minFileSize, name, file.size));
      });
      writes.push(written.catch((error: Error) => fail(error)));
    });
    parser.on('field', (name, value, info) => {
      if (failed) return;
      fieldBytes += Buffer.byteLength(value);
      if (info.valueTruncated) fail(new MultipartError('fieldSize', `The field "${name}" is longer than ${limits.maxFieldSize} bytes`, 413, limits.maxFieldSize, name));
      else if (fieldBytes > limits.maxFieldsSize) fail(new MultipartError('fieldsSize', `The fields are longer than ${limits.maxFieldsSize} bytes together`, 413, limits.maxFieldsSize));
      else if (watched({ name, kind: 'field', value })) {
        const values = fields.get(name);
        if (values) values.push(value);
        else fields.set(name, [value]);
      }
    });
    parser.on('filesLimit', () => fail(new MultipartError('files', `More than ${limits.maxFiles} files were sent`, 413, limits.maxFiles)));
    parser.on('fieldsLimit', () => fail(new MultipartError('fields', `More than ${limits.maxFields} fields were sent`, 413, limits.maxFields)));
    parser.on('error', (error: Error) => fail(new MultipartError('malformed', `The multipart body cannot be read: ${error.message}`, 400)));
    parser.on('close', () => {
      void Promise.all(writes).then(() => {
        if (failed) return;
        done = true;
        // a field named `__proto__` stays a field: fromEntries defines properties, it does not assign them
        resolve({ fields: Object.fromEntries(fields), files });
      });
    });
    const aborted = () => fail(new MultipartError('aborted', 'The request was aborted before its body was read', 400));
    req.on('aborted', aborted);
    req.on('error', aborted);
    req.pipe(parser);
  });
}
