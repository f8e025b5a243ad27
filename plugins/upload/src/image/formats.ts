/**
 * The image variants Strapi v4 makes, with sharp, from the file on disk (never a buffer of the
 * whole upload): an optimized original (quality 80, kept only when smaller), `thumbnail`
 * (inside 245×156) and one format per breakpoint (inside N×N), each only when the original is
 * larger.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FormatEnum, Sharp } from 'sharp';
import type { UploadConfig } from '../config';
import { sharp } from './sharp';

import type { ImageInfo } from './inspect';

const THUMBNAIL = { width: 245, height: 156 } as const;
/** Strapi's FORMATS_TO_RESIZE and FORMATS_TO_OPTIMIZE, as sharp names them. */
const RESIZABLE = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif']);
const OPTIMIZABLE = new Set(['jpeg', 'png', 'webp', 'tiff', 'heif']);

export interface ImageVariant {
  /** `thumbnail`, or a breakpoint's name */
  key: string;
  file: string;
  width: number;
  height: number;
  sizeInBytes: number;
}

type Options = Pick<UploadConfig, 'sizeOptimization' | 'autoOrientation' | 'responsiveDimensions' | 'breakpoints' | 'maxPixels'>;

function open(file: string, options: Options): Sharp {
  return sharp()(file, { limitInputPixels: options.maxPixels });
}

/**
 * The optimized original in `workDir`, or null when the original is kept (not an optimizable
 * format, optimization off, or the result is not smaller).
 */
export async function optimize(file: string, image: ImageInfo, options: Options, workDir: string): Promise<ImageVariant | null> {
  if (!(options.sizeOptimization || options.autoOrientation) || !OPTIMIZABLE.has(image.format)) return null;
  const quality = options.sizeOptimization ? 80 : 100;
  let pipeline = open(file, options);
  if (options.autoOrientation) pipeline = pipeline.rotate();
  pipeline = image.format === 'heif' ? pipeline.avif({ quality }) : pipeline.toFormat(image.format as keyof FormatEnum, { quality });
  const target = path.join(workDir, 'optimized');
  const info = await pipeline.toFile(target);
  const original = (await fs.promises.stat(file)).size;
  if (info.size > original && !options.autoOrientation) return null;
  return { key: 'original', file: target, width: info.width, height: info.height, sizeInBytes: info.size };
}

async function resize(file: string, key: string, box: { width: number; height: number }, options: Options, workDir: string): Promise<ImageVariant> {
  const target = path.join(workDir, key);
  const info = await open(file, options)
    .resize({ ...box, fit: 'inside' })
    .toFile(target);
  return { key, file: target, width: info.width, height: info.height, sizeInBytes: info.size };
}

/** thumbnail first, then the breakpoints from the smallest. */
export async function makeFormats(file: string, image: ImageInfo, options: Options, workDir: string): Promise<ImageVariant[]> {
  if (!RESIZABLE.has(image.format)) return [];
  const { width, height } = image;
  const variants: ImageVariant[] = [];
  if (width > THUMBNAIL.width || height > THUMBNAIL.height) variants.push(await resize(file, 'thumbnail', THUMBNAIL, options, workDir));
  if (options.responsiveDimensions) {
    const breakpoints = Object.entries(options.breakpoints).sort(([, a], [, b]) => a - b);
    for (const [key, size] of breakpoints) {
      if (size < width || size < height) variants.push(await resize(file, key, { width: size, height: size }, options, workDir));
    }
  }
  return variants;
}
