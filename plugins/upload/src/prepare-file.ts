/**
 * Turns an incoming file into what is stored: its record (name, type, size, dimensions) and the
 * objects to hand the provider (the original, possibly optimized, and its image formats), all
 * made in the request's temporary folder. Every check on the content happens here, before
 * anything reaches the provider or the database, so a refused file leaves nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { UploadedFile } from '@platform/core';
import type { UploadConfig } from './config';
import { errors } from './errors';
import { cleanName, fileExtension, MAX_TEXT, mimeOf, newHash } from './file-name';
import type { FileInfo } from './http/upload-body';
import { makeFormats, optimize } from './image/formats';
import { inspectImage, type ImageInfo } from './image/inspect';

/** One object the provider stores: the original (`key` null) or a format. */
export interface PreparedObject {
  key: string | null;
  name: string;
  hash: string;
  ext: string;
  mime: string;
  file: string;
  width: number | null;
  height: number | null;
  sizeInBytes: number;
}

export interface PreparedFile {
  name: string;
  alternativeText: string | null;
  caption: string | null;
  mime: string;
  ext: string;
  hash: string;
  width: number | null;
  height: number | null;
  /** the original first, then the formats in order */
  objects: PreparedObject[];
}

/** Strapi v4 keeps the hash and extension of a replaced file, so that its url does not change. */
export interface KeptName {
  hash: string;
  ext: string;
}

/**
 * The optimized original and the formats. An image that passed the checks of ./image/inspect.ts
 * and still fails to convert is damaged in a way they do not see: the client's 400, not a 500.
 * A failure of the system (a file error, with its `code`) stays what it is.
 */
async function imageVariants(file: string, image: ImageInfo, config: UploadConfig, variantDir: string) {
  try {
    const optimized = await optimize(file, image, config, variantDir);
    const formats = await makeFormats(optimized?.file ?? file, { ...image, width: optimized?.width ?? image.width, height: optimized?.height ?? image.height }, config, variantDir);
    return { optimized, formats };
  } catch (error) {
    if (error instanceof Error && !('code' in error)) throw errors.request('INVALID_IMAGE', 'File is not a valid image: its pixels could not be converted');
    throw error;
  }
}

export async function prepareFile(incoming: UploadedFile, info: FileInfo, config: UploadConfig, workDir: string, kept?: KeptName): Promise<PreparedFile> {
  if (incoming.size === 0) throw errors.request('FILES_EMPTY', 'Files are empty', {});
  const name = cleanName(info.name ?? incoming.originalFilename);
  if (name.length > MAX_TEXT) throw errors.request('BODY_INVALID', `A file name is at most ${MAX_TEXT} characters`, {});
  const mime = mimeOf(incoming.mimetype, incoming.originalFilename);
  const ext = kept?.ext ?? fileExtension(incoming.originalFilename, mime);
  const hash = kept?.hash ?? newHash(name, ext);
  const base = { name, hash, ext, mime };
  const record = { name, alternativeText: info.alternativeText ?? null, caption: info.caption ?? null, mime, ext, hash };

  const image = await inspectImage(incoming.filepath, mime, config.maxPixels);
  if (!image) {
    return { ...record, width: null, height: null, objects: [{ ...base, key: null, file: incoming.filepath, width: null, height: null, sizeInBytes: incoming.size }] };
  }
  const variantDir = await fs.promises.mkdtemp(path.join(workDir, 'variants-'));
  const { optimized, formats } = await imageVariants(incoming.filepath, image, config, variantDir);
  const source = optimized?.file ?? incoming.filepath;
  const width = optimized?.width ?? image.width;
  const height = optimized?.height ?? image.height;
  const original: PreparedObject = { ...base, key: null, file: source, width, height, sizeInBytes: optimized?.sizeInBytes ?? incoming.size };
  return {
    ...record,
    width,
    height,
    objects: [
      original,
      ...formats.map((variant) => ({
        key: variant.key,
        name: `${variant.key}_${name}`,
        hash: `${variant.key}_${hash}`,
        ext,
        mime,
        file: variant.file,
        width: variant.width,
        height: variant.height,
        sizeInBytes: variant.sizeInBytes,
      })),
    ],
  };
}
