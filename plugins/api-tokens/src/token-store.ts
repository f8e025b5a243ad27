/**
 * The rows behind API tokens, read and written with the database directly (the tables are
 * Strapi's, see ./content-types.ts). Every write runs in the caller's transaction.
 */
import type { Knex } from 'knex';
import type { DatabaseClient } from '@platform/core';
import { fromDatabaseValue } from '@platform/query-engine';
import { PERMISSION_LINK_TABLE, PERMISSION_TABLE, TOKEN_TABLE } from './content-types';
import { isTokenType, type TokenType } from './token-types';

/** A token as the service answers it (never its secret nor its hash). */
export interface ApiToken {
  id: number;
  name: string;
  description: string;
  type: TokenType;
  /** milliseconds, or null for a token that does not expire */
  lifespan: number | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** the actions of a custom token; empty for the other types */
  permissions: string[];
}

/** A token as authentication needs it, keyed by its hash. */
export interface StoredToken {
  id: number;
  name: string;
  type: TokenType;
  accessKey: string;
  expiresAt: number | null;
  lastUsedAt: number | null;
  permissions: string[];
}

const COLUMNS = ['id', 'name', 'description', 'type', 'access_key', 'lifespan', 'expires_at', 'last_used_at', 'created_at', 'updated_at'];

interface TokenRow {
  id: number | string;
  name: string | null;
  description: string | null;
  type: string | null;
  access_key: string | null;
  lifespan: number | string | null;
  expires_at: unknown;
  last_used_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

function toDate(value: unknown): Date | null {
  return fromDatabaseValue({ type: 'datetime' }, value) as Date | null;
}

function iso(value: unknown): string | null {
  return toDate(value)?.toISOString() ?? null;
}

function millis(value: unknown): number | null {
  return toDate(value)?.getTime() ?? null;
}

/** A type another tool wrote that we do not know reads as the least it could be. */
function typeOf(row: TokenRow): TokenType {
  return isTokenType(row.type) ? row.type : 'read-only';
}

/** token id -> the actions of its permissions, in their link order. */
async function permissionsByToken(knex: Knex | Knex.Transaction, ids?: number[]): Promise<Map<number, string[]>> {
  const query = knex(`${PERMISSION_LINK_TABLE} as l`)
    .join(`${PERMISSION_TABLE} as p`, 'p.id', 'l.api_token_permission_id')
    .select('l.api_token_id as tokenId', 'p.action as action')
    .orderBy([{ column: 'l.api_token_id' }, { column: 'l.api_token_permission_order' }, { column: 'p.id' }]);
  if (ids) query.whereIn('l.api_token_id', ids);
  const byToken = new Map<number, string[]>();
  for (const row of (await query) as Array<{ tokenId: number | string; action: string | null }>) {
    if (row.action === null) continue;
    const id = Number(row.tokenId);
    const list = byToken.get(id) ?? [];
    list.push(row.action);
    byToken.set(id, list);
  }
  return byToken;
}

function toApiToken(row: TokenRow, permissions: string[]): ApiToken {
  const type = typeOf(row);
  return {
    id: Number(row.id),
    name: row.name ?? '',
    description: row.description ?? '',
    type,
    lifespan: row.lifespan === null ? null : Number(row.lifespan),
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    permissions: type === 'custom' ? permissions : [],
  };
}

export async function listTokens(knex: Knex | Knex.Transaction): Promise<ApiToken[]> {
  const rows = (await knex(TOKEN_TABLE).select(COLUMNS).orderBy('id')) as TokenRow[];
  const permissions = await permissionsByToken(knex);
  return rows.map((row) => toApiToken(row, permissions.get(Number(row.id)) ?? []));
}

export async function findToken(knex: Knex | Knex.Transaction, id: number): Promise<ApiToken | null> {
  const row = (await knex(TOKEN_TABLE).select(COLUMNS).where('id', id).first()) as TokenRow | undefined;
  if (!row) return null;
  const permissions = await permissionsByToken(knex, [id]);
  return toApiToken(row, permissions.get(id) ?? []);
}

export async function findTokenIdByName(knex: Knex | Knex.Transaction, name: string): Promise<number | null> {
  const row = (await knex(TOKEN_TABLE).select('id').where('name', name).first()) as { id: number | string } | undefined;
  return row ? Number(row.id) : null;
}

/** Every token with its hash, for the cache of ./token-cache.ts: two queries whatever the count. */
export async function loadStoredTokens(knex: Knex): Promise<StoredToken[]> {
  const rows = (await knex(TOKEN_TABLE).select(['id', 'name', 'type', 'access_key', 'expires_at', 'last_used_at'])) as TokenRow[];
  const permissions = await permissionsByToken(knex);
  // a row without a hash (made outside the platform) can match no bearer
  return rows.flatMap((row) =>
    row.access_key
      ? [
          {
            id: Number(row.id),
            name: row.name ?? '',
            type: typeOf(row),
            accessKey: row.access_key,
            expiresAt: millis(row.expires_at),
            lastUsedAt: millis(row.last_used_at),
            permissions: permissions.get(Number(row.id)) ?? [],
          },
        ]
      : [],
  );
}

/**
 * What changes when any process (another worker, the command line, a Strapi admin on the same
 * database) creates, revokes or regenerates a token: one small query, no row read.
 */
export async function tokensFingerprint(knex: Knex): Promise<string> {
  const [row] = (await knex(TOKEN_TABLE).select(knex.raw('count(*) as n'), knex.raw('max(id) as max_id'), knex.raw('max(updated_at) as changed'))) as Array<Record<string, unknown>>;
  return `${String(row?.n)}:${String(row?.max_id)}:${String(millis(row?.changed) ?? row?.changed)}`;
}

export interface NewTokenRow {
  name: string;
  description: string;
  type: TokenType;
  accessKey: string;
  lifespan: number | null;
  expiresAt: Date | null;
  permissions: string[];
}

/** Inserts a row and returns its id, the same way on the three databases (PostgreSQL needs `returning`). */
async function insertRow(trx: Knex.Transaction, client: DatabaseClient, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = (client === 'postgres' ? await trx(table).insert(row).returning('id') : await trx(table).insert(row)) as Array<number | { id: number | string }>;
  return Number(typeof inserted === 'object' ? inserted.id : inserted);
}

export async function insertToken(trx: Knex.Transaction, client: DatabaseClient, token: NewTokenRow, now: Date): Promise<number> {
  const row = {
    name: token.name,
    description: token.description,
    type: token.type,
    access_key: token.accessKey,
    lifespan: token.lifespan,
    expires_at: token.expiresAt,
    last_used_at: null,
    created_at: now,
    updated_at: now,
  };
  const id = await insertRow(trx, client, TOKEN_TABLE, row);
  // One insert per permission (MariaDB answers only the first id of a multi-row insert), then
  // the links in one statement; this runs when a token is created, never per request.
  const links: Array<Record<string, number>> = [];
  for (const [index, action] of token.permissions.entries()) {
    const permissionId = await insertRow(trx, client, PERMISSION_TABLE, { action, created_at: now, updated_at: now });
    links.push({ api_token_permission_id: permissionId, api_token_id: id, api_token_permission_order: index + 1 });
  }
  if (links.length > 0) await trx(PERMISSION_LINK_TABLE).insert(links);
  return id;
}

/** Deletes a token, its permissions and their links. */
export async function deleteToken(trx: Knex.Transaction, id: number): Promise<void> {
  const permissionIds = (await trx(PERMISSION_LINK_TABLE).where('api_token_id', id).pluck('api_token_permission_id')) as Array<number | string>;
  await trx(PERMISSION_LINK_TABLE).where('api_token_id', id).delete();
  if (permissionIds.length > 0) await trx(PERMISSION_TABLE).whereIn('id', permissionIds.map(Number)).delete();
  await trx(TOKEN_TABLE).where('id', id).delete();
}

export async function replaceAccessKey(trx: Knex.Transaction, id: number, accessKey: string, now: Date): Promise<void> {
  await trx(TOKEN_TABLE).where('id', id).update({ access_key: accessKey, updated_at: now });
}

/** Written without `updated_at`: using a token is not changing it (and leaves the fingerprint alone). */
export async function writeLastUsed(knex: Knex, id: number, at: Date): Promise<void> {
  await knex(TOKEN_TABLE).where('id', id).update({ last_used_at: at });
}
