/**
 * The value an `Upload` argument holds: a file part of the multipart request, with the
 * fields graphql-upload's `FileUpload` has (so resolvers written for Strapi v4, which
 * `await` the argument and read `filename`, `mimetype` and `createReadStream()`, work
 * unchanged) and where it is on disk.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { UploadedFile } from '../types';

export class FileUpload {
  readonly encoding = '7bit';
  constructor(readonly file: UploadedFile) {}

  get filename(): string {
    return this.file.originalFilename;
  }

  get mimetype(): string {
    return this.file.mimetype;
  }

  createReadStream(): Readable {
    return fs.createReadStream(this.file.filepath);
  }
}
