/**
 * multipart/form-data bodies with formidable, in the shape koa-body gives them (and so Strapi
 * v4's upload code expects): fields and files keyed by name, a single value as itself and a
 * repeated one as a list. formidable is loaded on the first multipart request, so apps that
 * never switch `multipart` on never load it.
 */
import fs from 'node:fs';
import type http from 'node:http';
import type { Fields, Files } from 'formidable';
import type { UploadedFile } from './types';

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: Record<string, UploadedFile | UploadedFile[]>;
}

/**
 * Every temporary file formidable writes for a request. Nothing else removes them: a route that
 * takes no files, or a request that failed half-way, would otherwise leave them in the temporary
 * folder for good, and any client could fill the disk. After a failure formidable may still
 * begin files for parts it had already read, so once swept, a file that begins later is removed
 * as soon as it is opened.
 */
export class TempFiles {
  private readonly files: TempFile[] = [];
  private swept = false;

  add(file: TempFile): void {
    if (!this.swept) this.files.push(file);
    // formidable opens the file right after announcing it
    else process.nextTick(() => void removeTempFile(file));
  }

  async sweep(): Promise<void> {
    this.swept = true;
    await Promise.all(this.files.map(removeTempFile));
  }
}

/** formidable's file while it is written; its write stream is internal, hence optional here */
interface TempFile {
  filepath: string;
  _writeStream?: { closed: boolean; destroy(): void; once(event: 'close', listener: () => void): unknown } | null;
}

/**
 * A file whose stream is still open (a body that failed half-way) is closed first: removing it
 * before its stream closes would let the stream create it again afterwards. A file the route
 * moved or removed is skipped.
 */
async function removeTempFile(file: TempFile): Promise<void> {
  const stream = file._writeStream;
  if (stream && !stream.closed) {
    const closed = new Promise<void>((resolve) => stream.once('close', resolve));
    stream.destroy();
    await closed;
  }
  await fs.promises.rm(file.filepath, { force: true }).catch(() => undefined);
}

export async function parseMultipart(req: http.IncomingMessage, options: Record<string, unknown>, written: TempFiles): Promise<MultipartBody> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { formidable } = require('formidable') as typeof import('formidable');
  const form = formidable({ multiples: true, ...options });
  // formidable lists a field's files as their writes finish; the client's order is when they began
  const begun: unknown[] = [];
  form.on('fileBegin', (_name, file) => {
    begun.push(file);
    written.add(file as unknown as TempFile);
  });
  let parsed: [Fields, Files];
  try {
    parsed = await form.parse(req);
  } catch (error) {
    throw withStatus(error);
  }
  const [fields, files] = parsed;
  for (const list of Object.values(files)) list?.sort((a, b) => begun.indexOf(a) - begun.indexOf(b));
  return { fields: singleOrList(fields), files: singleOrList(files) as Record<string, UploadedFile | UploadedFile[]> };
}

function singleOrList<T>(values: Record<string, T[] | undefined>): Record<string, T | T[]> {
  const result: Record<string, T | T[]> = {};
  for (const [key, list] of Object.entries(values)) {
    // biome-ignore lint/style/noNonNullAssertion: [0] of a list of one
    if (list !== undefined) result[key] = list.length === 1 ? list[0]! : list;
  }
  return result;
}

/**
 * formidable says what went wrong with an `httpCode` (413 past `maxFileSize`, 400 for a
 * malformed body); the error handler reads `status`, so the client gets that status, not a 500.
 */
function withStatus(error: unknown): unknown {
  const e = error as { httpCode?: unknown; status?: unknown } | null;
  if (e && typeof e.httpCode === 'number' && e.status === undefined) e.status = e.httpCode;
  return error;
}
