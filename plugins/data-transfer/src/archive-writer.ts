/**
 * Writes an archive as a stream: tar-stream's pack, gzipped and enciphered when asked, into a
 * temporary file renamed at the end (a failed export leaves no file behind). JSON lines are
 * gathered into files of a bounded size (a tar entry needs its size first), so memory stays
 * flat whatever the number of lines.
 */
import fs from 'node:fs';
import type { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { encryptionStream, type Algorithm } from './cipher';
import { stageFile, type Stage } from './format';

export interface WriteOptions {
  compress: boolean;
  /** enciphers the archive with this key */
  key?: string;
  algorithm?: Algorithm;
  /** the largest JSON lines file, in bytes, before the next one starts */
  maxLinesFileBytes?: number;
}

export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly done: Promise<void>;
  private readonly partial: string;
  bytes = 0;

  constructor(
    readonly file: string,
    private readonly options: WriteOptions,
  ) {
    this.partial = `${file}.partial`;
    const stages: Array<Readable | Transform | Writable> = [this.pack as unknown as Readable];
    if (options.compress) stages.push(createGzip());
    if (options.key !== undefined) stages.push(encryptionStream(options.key, options.algorithm));
    const out = fs.createWriteStream(this.partial);
    stages.push(out);
    this.done = pipeline(stages as unknown as [Readable, ...Transform[], Writable]);
    this.done.catch(() => {});
  }

  /** A whole small file (metadata.json, an asset's metadata). */
  async addBuffer(name: string, content: Buffer): Promise<void> {
    await new Promise<void>((resolve, reject) => this.pack.entry({ name, size: content.length, mtime: new Date() }, content, (error) => (error ? reject(error) : resolve())));
  }

  /** A file of known size from a stream (an uploaded file). */
  async addStream(name: string, size: number, source: Readable): Promise<void> {
    const entry = this.pack.entry({ name, size, mtime: new Date() });
    await pipeline(source, entry);
  }

  /** The lines of a stage, cut into files of at most maxLinesFileBytes; returns how many lines. */
  async addLines(stage: Stage, lines: AsyncIterable<unknown>): Promise<number> {
    const limit = this.options.maxLinesFileBytes ?? 8 * 1024 * 1024;
    let parts: Buffer[] = [];
    let size = 0;
    let fileNumber = 0;
    let count = 0;
    const flush = async () => {
      if (size === 0 && fileNumber > 0) return;
      fileNumber += 1;
      await this.addBuffer(stageFile(stage, fileNumber), Buffer.concat(parts));
      parts = [];
      size = 0;
    };
    for await (const line of lines) {
      const text = Buffer.from(`${JSON.stringify(line)}\n`);
      if (size > 0 && size + text.length > limit) await flush();
      parts.push(text);
      size += text.length;
      count += 1;
    }
    await flush();
    return count;
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.done;
    this.bytes = (await fs.promises.stat(this.partial)).size;
    await fs.promises.rename(this.partial, this.file);
  }

  async abort(): Promise<void> {
    this.pack.destroy();
    await this.done.catch(() => {});
    await fs.promises.rm(this.partial, { force: true });
  }
}
