/**
 * `strapi.store({ type, name, key })`: Strapi v4's core store, rows of
 * `strapi_core_store_settings` keyed `<type>_<name>_<key>` with the value as JSON, as Strapi
 * writes them (so a Strapi database's settings are read as they are).
 */
import type { Database } from '@platform/core';

const TABLE = 'strapi_core_store_settings';

export interface StoreKey {
  type?: string;
  name?: string;
  key?: string;
}

export interface CoreStore {
  get(params?: StoreKey): Promise<unknown>;
  set(params: StoreKey & { value: unknown }): Promise<void>;
  delete(params?: StoreKey): Promise<void>;
}

function storeKey(base: StoreKey, params: StoreKey | undefined): string {
  const { type, name, key } = { ...base, ...params };
  return [type, name, key].filter((part) => part !== undefined && part !== '').join('_');
}

export function createCoreStore(db: () => Database, base: StoreKey): CoreStore {
  return {
    async get(params) {
      const row = (await db()
        .connection(TABLE)
        .where({ key: storeKey(base, params) })
        .first('value')) as { value?: unknown } | undefined;
      if (!row || typeof row.value !== 'string') return null;
      try {
        return JSON.parse(row.value);
      } catch {
        return row.value;
      }
    },
    async set(params) {
      const key = storeKey(base, params);
      const value = JSON.stringify(params.value);
      await db().transaction(async (trx) => {
        const updated = await trx(TABLE)
          .where({ key })
          .update({ value, type: typeof params.value });
        if (updated === 0) await trx(TABLE).insert({ key, value, type: typeof params.value, environment: null, tag: null });
      });
    },
    async delete(params) {
      await db()
        .connection(TABLE)
        .where({ key: storeKey(base, params) })
        .delete();
    },
  };
}
