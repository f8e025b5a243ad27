/**
 * Reads a multipart upload: the body of `POST /api/upload` (file parts named `files`), or of a
 * GraphQL multipart request (file parts named by its `map`), with the kernel's multipart reader
 * (readMultipart of @platform/core) within this plugin's bounds. The global body parser leaves
 * multipart alone; file parts stream to the request's temporary folder, never into memory; a
 * file past `sizeLimit` stops the request with a 413 while it streams in, and more files or
 * fields than allowed are a 400. The caller removes `workDir` when it is done. A body the
 * global parser already read (JSON, or multipart when the app turned it on there) is taken as
 * it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { containsNul, isPlainObject, MultipartError, readMultipart, type MultipartWatcher, type RequestContext, type UploadedFile } from '@platform/core';
import type { UploadConfig } from '../config';
import { errors } from '../errors';

export interface UploadRequest {
  /** text fields, each as the list of its values (a field may repeat) */
  fields: Record<string, unknown>;
  files: UploadedFile[];
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

/** The files the global parser wrote, in the order they came. */
function parsedFiles(parsed: Record<string, UploadedFile | UploadedFile[]> | undefined): UploadedFile[] {
  return Object.values(parsed ?? {}).flat();
}

export interface ReadOptions {
  /** which file parts are files of the upload (default: those named `files`); the others are skipped */
  isFilePart?: (name: string) => boolean;
  /** told of each part as it arrives, in order; throwing stops the request with that error */
  watch?: MultipartWatcher;
}

type Bounds = Pick<UploadConfig, 'sizeLimit' | 'maxFiles'>;

/** A body the global parser read: its fields and files, told to `watch` in the order they came. */
function alreadyParsed(ctx: RequestContext, parsed: Record<string, UploadedFile | UploadedFile[]> | undefined, config: Bounds, options: ReadOptions): Pick<UploadRequest, 'fields' | 'files'> {
  const body = isPlainObject(ctx.request.body) ? ctx.request.body : {};
  const isFilePart = options.isFilePart ?? ((name: string) => name === 'files');
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) options.watch?.({ name, kind: 'field', value: typeof item === 'string' ? item : JSON.stringify(item) });
  }
  const files = parsedFiles(parsed).filter((file) => isFilePart(file.fieldName));
  for (const file of files) options.watch?.({ name: file.fieldName, kind: 'file' });
  if (files.length > config.maxFiles) throw errors.request('MULTIPART_INVALID', `At most ${config.maxFiles} files can be uploaded at once`);
  if (files.some((file) => file.size > config.sizeLimit)) throw tooLarge(config.sizeLimit);
  // as the reader gives them: each text field as the list of its values
  const fields = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, options.isFilePart ? (Array.isArray(value) ? value : [value]).map(String) : value]));
  return { fields, files };
}

export async function readUploadRequest(ctx: RequestContext, config: Bounds, options: ReadOptions = {}): Promise<UploadRequest> {
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), WORK_PREFIX));
  const parsed = ctx.request.files;
  const written = parsedFiles(parsed).map((file) => file.filepath);
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

/** The reader's refusals in this plugin's words. */
function uploadError(error: unknown, config: Bounds): unknown {
  if (!(error instanceof MultipartError)) return error;
  switch (error.reason) {
    case 'fileSize':
      return tooLarge(config.sizeLimit);
    case 'files':
      return errors.request('MULTIPART_INVALID', `At most ${config.maxFiles} files can be uploaded at once`);
    case 'fields':
      return errors.request('MULTIPART_INVALID', `At most ${MAX_FIELDS} fields can be sent with an upload`);
    case 'fieldSize':
      return errors.request('MULTIPART_INVALID', `The field "${error.field}" is longer than ${MAX_FIELD_BYTES} bytes`);
    case 'aborted':
      return errors.request('MULTIPART_INVALID', 'The upload was interrupted');
    default:
      return errors.request('MULTIPART_INVALID', error.message);
  }
}

async function streamParts(ctx: RequestContext, config: Bounds, workDir: string, options: ReadOptions): Promise<Pick<UploadRequest, 'fields' | 'files'>> {
  const watch: MultipartWatcher = (part) => {
    // as a body or a query string holding one: no text column keeps it the same way everywhere
    if (part.kind === 'field' && (containsNul(part.value ?? '') || containsNul(part.name))) {
      throw errors.request('MULTIPART_INVALID', `The field "${part.name.replaceAll('\u0000', '')}" contains a NUL character`);
    }
    options.watch?.(part);
  };
  try {
    return await readMultipart(ctx.req, {
      uploadDir: workDir,
      maxFileSize: config.sizeLimit,
      maxFiles: config.maxFiles,
      maxFields: MAX_FIELDS,
      maxFieldSize: MAX_FIELD_BYTES,
      // bounded by the fields' number and size
      maxFieldsSize: Number.POSITIVE_INFINITY,
      acceptFile: options.isFilePart ?? ((name) => name === 'files'),
      watch,
    });
  } catch (error) {
    throw uploadError(error, config);
  }
}
