/**
 * Where a content-API operation reads and writes entries. By default the entity service; REST
 * passes the content-type's core service instead (`api::<api>.<name>`, which an app may
 * override), so an app's service override keeps running under every REST action.
 */
import type { Entity, EntityService, FindParams, PageMeta, PaginationDefaults, WriteParams } from '../types';

export interface EntryStore {
  find(params: FindParams, defaults?: PaginationDefaults): Promise<{ results: Entity[]; pagination: PageMeta }>;
  /** a plain list, without page meta (the routes that answer arrays: users, files) */
  findMany(params: FindParams): Promise<Entity[]>;
  findOne(id: number, params: FindParams): Promise<Entity | null>;
  create(params: WriteParams): Promise<Entity>;
  /** null when no entry has that id */
  update(id: number, params: WriteParams): Promise<Entity | null>;
  /** the deleted entry, or null when no entry has that id */
  delete(id: number, params: FindParams): Promise<Entity | null>;
}

/** The one entry of a single type (in its locale). */
export interface SingleEntryStore {
  find(params: FindParams): Promise<Entity | null>;
  /** updates the entry, or creates it when there is none */
  createOrUpdate(params: WriteParams): Promise<Entity | null>;
  /** the deleted entry, or null when there was none */
  delete(params: FindParams): Promise<Entity | null>;
}

/** a fresh object each time: the engine may normalize what it is given */
const first = (): FindParams['pagination'] => ({ start: 0, limit: 1, withCount: false });

/**
 * How a write finds the one entry of a single type: in its locale (i18n), among the entries a
 * request would not see too (drafts), only its id.
 */
function singleLookup(params: FindParams | WriteParams): FindParams {
  return { ...(params.locale !== undefined ? { locale: params.locale } : {}), includeHidden: true, pagination: first() };
}

export function entityStore(entities: () => EntityService, uid: string): EntryStore {
  return {
    find: (params, defaults) => entities().findPage(uid, params, defaults),
    findMany: (params) => entities().findMany(uid, params),
    findOne: (id, params) => entities().findOne(uid, id, params),
    create: (params) => entities().create(uid, params),
    update: (id, params) => entities().update(uid, id, params),
    delete: (id, params) => entities().delete(uid, id, params),
  };
}

export function singleEntityStore(entities: () => EntityService, uid: string): SingleEntryStore {
  const existingId = async (params: FindParams | WriteParams): Promise<number | null> => {
    const [existing] = await entities().findMany(uid, singleLookup(params));
    return existing ? existing.id : null;
  };
  return {
    async find(params) {
      const { pagination: _ignored, ...rest } = params;
      const [entry] = await entities().findMany(uid, { ...rest, pagination: first() });
      return entry ?? null;
    },
    async createOrUpdate(params) {
      const id = await existingId(params);
      return id === null ? entities().create(uid, params) : entities().update(uid, id, params);
    },
    async delete(params) {
      const id = await existingId(params);
      return id === null ? null : entities().delete(uid, id, params);
    },
  };
}
