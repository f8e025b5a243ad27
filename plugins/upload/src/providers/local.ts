/**
 * The local provider (Strapi v4's `@strapi/provider-upload-local`): objects are files
 * `<app>/public/uploads/<hash><ext>`, served at `/uploads/<hash><ext>` (see ../http/serve-local.ts).
 * The folder is made on the first write, so that an app that stores nothing gets no folder.
 * Streams are written to a temporary name and renamed, so a reader never sees a half-written
 * file and a failed write leaves nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { ProviderFile, ProviderModule, StoredObject, UploadProvider } from './types';

export const UPLOADS_FOLDER = 'uploads';

/** A stored name is the hash and the extension, which the upload service builds from safe characters. */
export const OBJECT_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

function objectName(file: { hash: string; ext: string }): string {
  const name = `${file.hash}${file.ext}`;
  if (!OBJECT_NAME.test(name) || name.includes('..')) throw new Error(`unsafe object name ${JSON.stringify(name)}`);
  return name;
}

/** Where the local provider of an app keeps its files. */
export function localRoot(appDir: string): string {
  return path.join(appDir, 'public', UPLOADS_FOLDER);
}

export function createLocalProvider(root: string): UploadProvider {
  const write = async (file: ProviderFile, source: NodeJS.ReadableStream | Buffer): Promise<void> => {
    const name = objectName(file);
    await fs.promises.mkdir(root, { recursive: true });
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
  init: (_options, context) => createLocalProvider(localRoot(context?.appDir ?? process.cwd())),
};
