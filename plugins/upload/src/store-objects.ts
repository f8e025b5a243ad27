/**
 * Hands prepared objects to the provider as Strapi v4 does (`uploadStream` with a stream when
 * the provider has it, else `upload` with a buffer), and builds the record's `url`,
 * `provider_metadata` and `formats` from what the provider set. Every stored object is
 * listed in `stored`, so that a failure later (the database refusing the row) can delete them.
 */
import fs from 'node:fs';
import { kilobytes } from './file-name';
import { errors } from './errors';
import type { PreparedFile, PreparedObject } from './prepare-file';
import type { ProviderFile, StoredObject, UploadProvider } from './providers/types';

/** A format as Strapi v4 stores it in `files.formats`. */
export interface StoredFormat {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: null;
  width: number | null;
  height: number | null;
  size: number;
  sizeInBytes: number;
  url: string;
  provider_metadata?: Record<string, unknown> | null;
}

export interface StoredFile {
  url: string;
  provider_metadata: Record<string, unknown> | null;
  size: number;
  formats: Record<string, StoredFormat> | null;
}

function providerFile(object: PreparedObject): ProviderFile {
  return {
    name: object.name,
    hash: object.hash,
    ext: object.ext,
    mime: object.mime,
    width: object.width,
    height: object.height,
    path: null,
    size: kilobytes(object.sizeInBytes),
    sizeInBytes: object.sizeInBytes,
    getStream: () => fs.createReadStream(object.file),
  };
}

/** A file the provider stored: it has its url. */
type StoredProviderFile = ProviderFile & { url: string };

async function storeOne(provider: UploadProvider, sizeLimit: number, object: PreparedObject): Promise<StoredProviderFile> {
  const file = providerFile(object);
  try {
    provider.checkFileSize?.(file, { sizeLimit });
  } catch (error) {
    throw errors.request('TOO_LARGE', (error as Error).message || 'File too large', { sizeLimit });
  }
  if (typeof provider.uploadStream === 'function') {
    file.stream = file.getStream();
    await provider.uploadStream(file);
    delete file.stream;
  } else {
    file.buffer = await fs.promises.readFile(object.file);
    await provider.upload(file);
    delete file.buffer;
  }
  const { url } = file;
  if (typeof url !== 'string' || !url) throw errors.internal('PROVIDER_NO_URL', `The upload provider stored "${object.hash}${object.ext}" without setting its url`);
  return { ...file, url };
}

/** Stores every object of a prepared file; each stored one is pushed to `stored` at once. */
export async function storeObjects(provider: UploadProvider, sizeLimit: number, prepared: PreparedFile, stored: StoredObject[]): Promise<StoredFile> {
  let original: StoredProviderFile | null = null;
  const formats: Record<string, StoredFormat> = {};
  for (const object of prepared.objects) {
    const file = await storeOne(provider, sizeLimit, object);
    stored.push({ name: file.name, hash: file.hash, ext: file.ext, mime: file.mime, url: file.url, path: null, provider_metadata: file.provider_metadata ?? null });
    if (object.key === null) {
      original = file;
      continue;
    }
    formats[object.key] = {
      name: file.name,
      hash: file.hash,
      ext: file.ext,
      mime: file.mime,
      path: null,
      width: file.width ?? null,
      height: file.height ?? null,
      size: file.size,
      sizeInBytes: file.sizeInBytes,
      url: file.url,
      ...(file.provider_metadata !== undefined ? { provider_metadata: file.provider_metadata } : {}),
    };
  }
  if (!original) throw errors.internal('PROVIDER_NO_URL', 'A prepared file has no original');
  return { url: original.url, provider_metadata: original.provider_metadata ?? null, size: original.size, formats: Object.keys(formats).length > 0 ? formats : null };
}

/** The objects a `files` row names: the original and each format. */
export function objectsOf(row: { hash: string; ext: string | null; url: string; provider_metadata?: unknown; formats?: unknown }): StoredObject[] {
  const list: StoredObject[] = [{ hash: row.hash, ext: row.ext ?? '', url: row.url, provider_metadata: (row.provider_metadata as Record<string, unknown> | null) ?? null }];
  if (row.formats && typeof row.formats === 'object') {
    for (const format of Object.values(row.formats as Record<string, Partial<StoredFormat>>)) {
      if (format && typeof format.hash === 'string' && typeof format.url === 'string') {
        list.push({ hash: format.hash, ext: format.ext ?? row.ext ?? '', url: format.url, name: format.name, mime: format.mime, provider_metadata: format.provider_metadata ?? null });
      }
    }
  }
  return list;
}

/** Deletes stored objects; returns the errors (the caller logs them: the row is what counts). */
export async function deleteObjects(provider: UploadProvider, objects: StoredObject[]): Promise<Error[]> {
  const results = await Promise.allSettled(objects.map((object) => provider.delete(object)));
  return results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
}
