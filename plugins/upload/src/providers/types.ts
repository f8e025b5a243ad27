/**
 * The provider contract, in Strapi v4's shape so that its provider packages
 * (`@strapi/provider-upload-*`, `strapi-provider-upload-*`) plug in as they are: a module with
 * `init(providerOptions)` returning the functions below. A provider sets `file.url` (and may set
 * `file.provider_metadata`) when it stores a file.
 */
import type { Readable } from 'node:stream';

/** What a provider receives for one stored object: the original or one of its formats. */
export interface ProviderFile {
  name: string;
  /** the stored name, without extension: what the provider keys the object on */
  hash: string;
  ext: string;
  mime: string;
  /** KB, two decimals */
  size: number;
  sizeInBytes: number;
  width?: number | null;
  height?: number | null;
  /** a folder path inside the provider's storage, as Strapi passes it (always null here) */
  path?: string | null;
  url?: string;
  provider_metadata?: Record<string, unknown> | null;
  /** set for `uploadStream` */
  stream?: Readable;
  /** set for `upload` */
  buffer?: Buffer;
  /** opens the content again (Strapi's providers call it) */
  getStream(): Readable;
}

export interface UploadProvider {
  upload(file: ProviderFile): Promise<void>;
  uploadStream?(file: ProviderFile): Promise<void>;
  delete(file: StoredObject): Promise<unknown>;
  checkFileSize?(file: ProviderFile, options: { sizeLimit: number }): void;
  isPrivate?(): boolean | Promise<boolean>;
  getSignedUrl?(file: StoredObject): Promise<{ url: string }>;
}

/** A stored object as the `files` row (or one of its `formats`) describes it. */
export interface StoredObject {
  name?: string;
  hash: string;
  ext: string;
  mime?: string;
  url: string;
  path?: string | null;
  provider_metadata?: Record<string, unknown> | null;
}

/** A provider package: Strapi v4's `module.exports = { init(options) { return provider; } }`. */
export interface ProviderModule {
  init(providerOptions: Record<string, unknown>, context?: { appDir: string }): UploadProvider | Promise<UploadProvider>;
}
