/**
 * What export and import work with: the database (knex, its client, the transaction helper),
 * the app's models, and, when the upload plugin is on, the files' morph table and the provider
 * that stores uploaded files.
 */
import type { DatabaseClient, ModelRegistry } from '@platform/core';
import type { Knex } from 'knex';
import type { UploadProvider } from '@platform/upload';

export interface TransferContext {
  knex: Knex;
  client: DatabaseClient;
  transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  models: ModelRegistry;
  /** `files_related_morphs`, or null without the upload plugin */
  morphTable: string | null;
  /** where uploaded files are stored, or null without the upload plugin */
  provider: UploadProvider | null;
}

/** Strapi v4's key-value settings table (the `configuration` stage's core-store lines). */
export const CORE_STORE_TABLE = 'strapi_core_store_settings';
export const WEBHOOKS_TABLE = 'strapi_webhooks';
/** Strapi's uid of a media file (written here: the upload plugin is an optional peer, not loaded with this one). */
export const FILE_UID = 'plugin::upload.file';

/**
 * Core-store keys that describe the app that wrote them rather than its content: Strapi's
 * cache of its own schemas is left to the app that imports.
 */
export const APP_OWNED_STORE_KEYS = new Set(['strapi_content_types_schema']);
