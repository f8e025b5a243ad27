/**
 * Reads an archive as a stream of its files: the file is deciphered when a key is given,
 * gunzipped when its name says it is compressed (`.tar.gz`, as Strapi names them), and parsed
 * by tar-stream; nothing is held in memory beyond the chunk being read. Any failure on the way
 * (a wrong key, a truncated or corrupted file) ends the iteration with an ArchiveError that
 * says what is wrong.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { decryptionStream, type Algorithm } from './cipher';

import { ArchiveError } from './archive-error';

export { ArchiveError };

export interface ReadOptions {
  /** deciphers the file (Strapi encrypts an archive named `.enc` unless told not to) */
  key?: string;
  algorithm?: Algorithm;
}

export interface ArchiveFile {
  name: string;
  size: number;
  stream: Readable;
}

/** Whether the name says the archive is compressed (`x.tar.gz`, `x.tar.gz.enc`). */
export function isCompressedName(file: string): boolean {
  return /\.gz(\.enc)?$/.test(file);
}

export function isEncryptedName(file: string): boolean {
  return file.endsWith('.enc');
}

/** An error met while reading `file` (by the reader or by whoever reads its files' streams) said plainly. */
export function explain(error: unknown, file: string, options: ReadOptions): ArchiveError {
  if (error instanceof ArchiveError) return error;
  const message = (error as Error).message ?? String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new ArchiveError(`the archive ${file} does not exist`);
  if (code === 'EISDIR') return new ArchiveError(`${file} is a folder, not an archive`);
  if (options.key !== undefined && /bad decrypt|wrong final block length/i.test(message)) {
    return new ArchiveError(`${file} could not be decrypted with this key (wrong key, or the file is damaged)`);
  }
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || /incorrect header check|unexpected end of file|invalid/i.test(message)) {
    const hint = options.key !== undefined ? ' (or the key is wrong)' : isEncryptedName(file) ? ' (it is encrypted: give its --key)' : '';
    return new ArchiveError(`${file} is not a readable archive: ${message}${hint}`);
  }
  return new ArchiveError(`${file} is not a readable archive: ${message}`);
}

/** The files of the archive, in the archive's order; each must be read (or drained) before the next. */
export async function* readArchive(file: string, options: ReadOptions = {}): AsyncGenerator<ArchiveFile> {
  const extract = tar.extract();
  const stages: Array<Readable | Transform> = [fs.createReadStream(file)];
  if (options.key !== undefined) stages.push(decryptionStream(options.key, options.algorithm));
  if (isCompressedName(file)) stages.push(createGunzip());
  let failure: unknown = null;
  const done = pipeline([...stages, extract] as unknown as [Readable, ...Transform[]]).catch((error: unknown) => {
    failure = error;
    extract.destroy(error as Error);
  });
  let seen = 0;
  try {
    for await (const entry of extract) {
      seen += 1;
      if (entry.header.type !== 'file') {
        entry.resume();
        continue;
      }
      yield { name: entry.header.name.replace(/^\.\//, ''), size: entry.header.size ?? 0, stream: entry as unknown as Readable };
      // a file the caller did not read to its end is drained, so the next one can come
      entry.resume();
    }
    await done;
  } catch (error) {
    throw explain(failure ?? error, file, options);
  }
  if (failure) throw explain(failure, file, options);
  if (seen === 0) throw new ArchiveError(`${file} holds no files: it is not a data-transfer archive${options.key === undefined && isEncryptedName(file) ? ' (it is encrypted: give its --key)' : ''}`);
}

/** The lines of a JSON lines file, parsed; a line that is not JSON is an ArchiveError naming it. */
export async function* jsonLines<T>(archiveFile: ArchiveFile): AsyncGenerator<T> {
  const lines = readline.createInterface({ input: archiveFile.stream, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new ArchiveError(`${archiveFile.name}, line ${n}: not JSON`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ArchiveError(`${archiveFile.name}, line ${n}: not a JSON object`);
    yield value as T;
  }
}

/** The whole of a small file (metadata.json, an asset's metadata) as JSON. */
export async function readJson(archiveFile: ArchiveFile, limit = 1024 * 1024): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of archiveFile.stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ArchiveError(`${archiveFile.name} is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ArchiveError(`${archiveFile.name}: not JSON`);
  }
}
