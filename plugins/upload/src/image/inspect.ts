/**
 * What an uploaded file's bytes are, for the image types sharp reads: the declared type must
 * match the content (a PNG declared `image/jpeg`, or a text declared `image/png`, is refused),
 * the declared size in pixels is bounded before anything is decoded (a small file declaring
 * 12000×12000 pixels is refused from its header), and the image must decode whole (a
 * truncated or corrupt file is Strapi's 400 `File is not a valid image`; a PNG whose chunks do
 * not match their CRCs says which one).
 */
import type { Metadata } from 'sharp';
import { sharp } from './sharp';
import { errors } from '../errors';
import { pngDamage } from './png-chunks';

/** sharp's format name for each image type it reads (Strapi's FORMATS_TO_PROCESS). */
const FORMAT_OF_MIME: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'image/gif': 'gif',
  'image/avif': 'heif',
  'image/svg+xml': 'svg',
};

export interface ImageInfo {
  /** sharp's format name */
  format: string;
  width: number;
  height: number;
}

/** Whether a file of this type goes through the image checks and formats. */
export function isProcessedImage(mime: string): boolean {
  return mime in FORMAT_OF_MIME;
}

/**
 * The image a file holds, checked against its declared type and the pixel bound; null for a
 * type that is not a processed image. Throws the 400/413 errors of the upload plugin.
 */
export async function inspectImage(file: string, mime: string, maxPixels: number): Promise<ImageInfo | null> {
  const expected = FORMAT_OF_MIME[mime];
  if (!expected) return null;
  let metadata: Metadata;
  try {
    // The header only: nothing is decoded yet.
    metadata = await sharp()(file, { limitInputPixels: false }).metadata();
  } catch {
    throw errors.request('INVALID_IMAGE', 'File is not a valid image');
  }
  if (metadata.format !== expected) {
    throw errors.request('TYPE_MISMATCH', `The file content is ${metadata.format ?? 'unknown'} data, not ${mime}`, { mime, content: metadata.format ?? null });
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const frames = metadata.pages ?? 1;
  if (width * height * frames > maxPixels) {
    throw errors.request('TOO_LARGE', `The image is ${width}×${height} pixels${frames > 1 ? ` × ${frames} frames` : ''}, more than the ${maxPixels} pixels accepted`, { width, height, maxPixels });
  }
  // a damaged chunk, named (libpng may pass it here and fail when a format is written)
  const damage = metadata.format === 'png' ? await pngDamage(file) : null;
  if (damage) throw errors.request('INVALID_IMAGE', `File is not a valid image: ${damage}`);
  try {
    // Decodes every pixel once: a truncated or corrupt image fails here, not later.
    await sharp()(file, { limitInputPixels: maxPixels, failOn: 'error' }).stats();
  } catch {
    throw errors.request('INVALID_IMAGE', 'File is not a valid image');
  }
  return { format: metadata.format, width, height: metadata.height ?? height };
}
