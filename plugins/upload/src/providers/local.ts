/**
 * The local provider (Strapi v4's `@strapi/provider-upload-local`): objects are files
 * `<app>/public/uploads/<hash><ext>`, served at `/uploads/<hash><ext>` by the public files
 * middleware. Streams are written to a temporary name and renamed, so a reader never sees a
 * half-written file and a failed write leaves nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { ProviderFile, ProviderModule, StoredObject, UploadProvider } from './types';

export const UPLOADS_FOLDER = 'uploads';

/** The stored name: only the hash and the extension, which the upload service built from safe characters. */
function objectName(file: { hash: string; ext: string }): string {
  const name = `${file.hash}${file.ext}`;
  if (name !== path.basename(name) || name.startsWith('.') || /[\\/\0]/.test(name)) throw new Error(`unsafe object name ${JSON.stringify(name)}`);
  return name;
}

export function createLocalProvider(root: string): UploadProvider {
  fs.mkdirSync(root, { recursive: true });
  const write = async (file: ProviderFile, source: NodeJS.ReadableStream | Buffer): Promise<void> => {
    const name = objectName(file);
    const target = path.join(root, name);
    const partial = path.join(root, `.${name}.${randomBytes(4).toString('hex')}.partial`);
    try {
      if (Buffer.isBuffer(source)) await fs.promises.writeFile(partial, source);
      else await pipeline(source, fs.createWriteStream(partial));
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    file.url = `/${UPLOADS_FOLDER}/${name}`;
  };
  return {
    uploadStream: (file) => write(file, file.stream ?? file.getStream()),
    upload: (file) => write(file, file.buffer ?? file.getStream()),
    async delete(file: StoredObject) {
      await fs.promises.rm(path.join(root, objectName(file)), { force: true });
    },
    isPrivate: () => false,
  };
}

export const localProvider: ProviderModule = {
  init: (_options, context) => createLocalProvider(path.join(context?.appDir ?? process.cwd(), 'public', UPLOADS_FOLDER)),
};
