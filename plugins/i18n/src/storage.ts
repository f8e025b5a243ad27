/**
 * The two tables i18n keeps its state in, both in Strapi v4's layout: `i18n_locale` (synced
 * from the plugin's content-type) and the `strapi_core_store_settings` row that holds the
 * default locale code. The kernel's schema sync creates both.
 */
import type { Knex } from 'knex';
import { fromDatabaseValue } from '@platform/query-engine';
import { LOCALE_TABLE } from './locale-content-type';

const DATETIME = { type: 'datetime' } as const;

export const CORE_STORE_TABLE = 'strapi_core_store_settings';
export const DEFAULT_LOCALE_KEY = 'plugin_i18n_default_locale';

export interface LocaleRow {
  id: number;
  name: string | null;
  code: string | null;
  created_at: unknown;
  updated_at: unknown;
}

export async function readDefaultLocale(knex: Knex | Knex.Transaction): Promise<string | null> {
  const row = await knex(CORE_STORE_TABLE).where({ key: DEFAULT_LOCALE_KEY }).orderBy('id').first('value');
  if (!row || typeof row.value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(row.value);
    return typeof parsed === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** Stored the way Strapi v4's core store does: the JSON text of the value and its `typeof`. */
export async function writeDefaultLocale(knex: Knex | Knex.Transaction, code: string): Promise<void> {
  const value = JSON.stringify(code);
  const updated = await knex(CORE_STORE_TABLE).where({ key: DEFAULT_LOCALE_KEY }).update({ value, type: 'string' });
  if (!updated) await knex(CORE_STORE_TABLE).insert({ key: DEFAULT_LOCALE_KEY, value, type: 'string', environment: null, tag: null });
}

export async function selectLocales(knex: Knex | Knex.Transaction): Promise<LocaleRow[]> {
  return knex(LOCALE_TABLE).select('id', 'name', 'code', 'created_at', 'updated_at').orderBy('id', 'asc');
}

export async function insertLocale(knex: Knex | Knex.Transaction, name: string, code: string, now: Date): Promise<void> {
  await knex(LOCALE_TABLE).insert({ name, code, created_at: now, updated_at: now });
}

/** A stored datetime as the API shows it, read the way the query engine reads every datetime. */
export function toIsoString(value: unknown): string | null {
  const date = fromDatabaseValue(DATETIME, value);
  return date instanceof Date ? date.toISOString() : null;
}
