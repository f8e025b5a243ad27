/**
 * Strapi v4's data-transfer archive: a tar file with `metadata.json`, and JSON lines under
 * `schemas/`, `entities/`, `links/` and `configuration/` (files `<stage>_<5 digits>.jsonl`),
 * uploaded files under `assets/uploads/` with their `files` row under `assets/metadata/`.
 * The lines' shapes below are the ones `strapi export` (4.26) writes.
 */

export const STAGES = ['schemas', 'entities', 'links', 'configuration'] as const;
export type Stage = (typeof STAGES)[number];

/** What `--only` and `--exclude` name: content (entities and links), files (assets), config. */
export const GROUPS = ['content', 'files', 'config'] as const;
export type Group = (typeof GROUPS)[number];

export interface ArchiveMetadata {
  createdAt: string;
  strapi: { version: string };
}

/** One entry or component tree: `data` holds the attributes, components nested with their ids. */
export interface EntityLine {
  type: string;
  id: number;
  data: Record<string, unknown>;
}

export interface LinkEnd {
  type: string;
  field?: string;
  ref: number;
  pos?: number;
}

/**
 * One row of a link table, described from the owning side (`left`): `relation.basic` between two
 * types, `relation.circular` within one type, `relation.morph` for a file's polymorphic links
 * (`left` is the file, `right` the entry or component and its media attribute).
 */
export interface LinkLine {
  kind: 'relation.basic' | 'relation.circular' | 'relation.morph';
  relation: string;
  left: LinkEnd & { field: string };
  right: LinkEnd;
}

/** A setting of the core store or a webhook. */
export interface ConfigurationLine {
  type: 'core-store' | 'webhook';
  value: Record<string, unknown>;
}

/** A schema as Strapi wrote it (only what the comparison reads). */
export interface SchemaLine {
  uid: string;
  modelType: 'contentType' | 'component';
  collectionName?: string;
  attributes: Record<string, Record<string, unknown>>;
}

/** The path of the n-th (from 1) JSON lines file of a stage. */
export function stageFile(stage: Stage, n: number): string {
  return `${stage}/${stage}_${String(n).padStart(5, '0')}.jsonl`;
}

/** The stage a path in the archive belongs to, or null (metadata, assets, anything else). */
export function stageOf(name: string): Stage | null {
  const clean = name.replace(/^\.\//, '');
  for (const stage of STAGES) if (clean.startsWith(`${stage}/`) && clean.endsWith('.jsonl')) return stage;
  return null;
}

/** Content-types of Strapi's admin (users, roles, tokens): never exported nor restored, as Strapi does. */
export function isAdminType(uid: string): boolean {
  return uid.startsWith('admin::');
}

/** The tables of Strapi's admin types, whoever declares them here (the api-tokens plugin keeps Strapi's token tables). */
const ADMIN_TABLES = new Set(['strapi_api_tokens', 'strapi_api_token_permissions', 'strapi_transfer_tokens', 'strapi_transfer_token_permissions']);

export function isAdminTable(table: string): boolean {
  return ADMIN_TABLES.has(table) || table.startsWith('admin_');
}
