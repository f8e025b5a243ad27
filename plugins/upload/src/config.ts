/**
 * `config/plugins.ts` `upload.config`, with Strapi v4's keys and defaults, and the bounds this
 * plugin adds against hostile input (`maxPixels`, `maxFiles`).
 */
import { isPlainObject } from '@platform/core';
import { errors } from './errors';
import type { ProviderModule } from './providers/types';

export interface UploadConfig {
  /** `local`, a Strapi v4 provider package name (`aws-s3` finds `@strapi/provider-upload-aws-s3`), a path from the app folder, or the module itself */
  provider: string | ProviderModule;
  /** handed to the provider's `init` */
  providerOptions: Record<string, unknown>;
  /** the largest file accepted, in bytes (a larger one is a 413, refused while it streams in) */
  sizeLimit: number;
  /** responsive formats: name -> the largest side, in pixels */
  breakpoints: Record<string, number>;
  /** re-encode images a little smaller (quality 80), kept only when smaller */
  sizeOptimization: boolean;
  /** make the `breakpoints` formats */
  responsiveDimensions: boolean;
  /** rotate images as their EXIF orientation says */
  autoOrientation: boolean;
  /** the most pixels (width × height) an image may declare; more is a 413 before it is decoded */
  maxPixels: number;
  /** the most files one request may carry */
  maxFiles: number;
}

export const DEFAULT_BREAKPOINTS: Readonly<Record<string, number>> = Object.freeze({ large: 1000, medium: 750, small: 500 });

export const DEFAULT_CONFIG: UploadConfig = {
  provider: 'local',
  providerOptions: {},
  sizeLimit: 200 * 1024 * 1024,
  breakpoints: { ...DEFAULT_BREAKPOINTS },
  sizeOptimization: true,
  responsiveDimensions: true,
  autoOrientation: false,
  maxPixels: 64_000_000,
  maxFiles: 20,
};

const positiveInteger = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Stops start-up with a message naming the key when the configuration is malformed. */
export function validateConfig(config: Record<string, unknown>): void {
  const fail = (message: string): never => {
    throw errors.boot('CONFIG_INVALID', `upload: ${message}`);
  };
  const { provider, providerOptions, breakpoints } = config;
  if (!(typeof provider === 'string' && provider.length > 0) && !isPlainObject(provider)) fail('"provider" must be a provider name, a path or a provider module');
  if (!isPlainObject(providerOptions)) fail('"providerOptions" must be an object');
  for (const key of ['sizeLimit', 'maxPixels', 'maxFiles'] as const) {
    if (!positiveInteger(config[key])) fail(`"${key}" must be a positive integer`);
  }
  for (const key of ['sizeOptimization', 'responsiveDimensions', 'autoOrientation'] as const) {
    if (typeof config[key] !== 'boolean') fail(`"${key}" must be a boolean`);
  }
  if (!isPlainObject(breakpoints) || !Object.entries(breakpoints).every(([name, size]) => /^[a-z][a-z0-9_-]*$/i.test(name) && name !== 'thumbnail' && positiveInteger(size))) {
    fail('"breakpoints" must map format names (not "thumbnail") to positive integer sizes');
  }
}
