/**
 * The core services of Strapi v4, one per content-type (`api::<api>.<name>`): thin methods over
 * the entity service that an app can override with `createCoreService(uid, ...)` and reach
 * again with `super`.
 */
import type { PluginContext } from '@platform/core';
import type { Entity, EntityService, FindParams, PageMeta, WriteParams } from '@platform/query-engine';

export interface CollectionTypeService {
  find(params?: FindParams): Promise<{ results: Entity[]; pagination: PageMeta }>;
  findOne(id: number | string, params?: FindParams): Promise<Entity | null>;
  create(params: WriteParams): Promise<Entity>;
  update(id: number | string, params: WriteParams): Promise<Entity | null>;
  delete(id: number | string, params?: FindParams): Promise<Entity | null>;
}

export interface SingleTypeService {
  find(params?: FindParams): Promise<Entity | null>;
  createOrUpdate(params: WriteParams): Promise<Entity | null>;
  delete(params?: FindParams): Promise<Entity | null>;
}

export type CoreService = CollectionTypeService | SingleTypeService;

const entityService = (platform: PluginContext): EntityService => platform.service('plugin::query-engine.entity-service');

export function createCollectionTypeService(platform: PluginContext, uid: string): CollectionTypeService {
  return {
    find: (params = {}) => entityService(platform).findPage(uid, params),
    findOne: (id, params = {}) => entityService(platform).findOne(uid, id, params),
    create: (params) => entityService(platform).create(uid, params),
    update: (id, params) => entityService(platform).update(uid, id, params),
    delete: (id, params = {}) => entityService(platform).delete(uid, id, params),
  };
}

/**
 * How a write finds the one entry of a single type: in its locale (i18n), among the entries a
 * request would not see too (drafts), only its id.
 */
function lookupParams(params: FindParams | WriteParams): FindParams {
  return {
    ...(params.locale !== undefined ? { locale: params.locale } : {}),
    includeHidden: true,
    pagination: { start: 0, limit: 1, withCount: false },
  };
}

export function createSingleTypeService(platform: PluginContext, uid: string): SingleTypeService {
  return {
    async find(params = {}) {
      const { pagination: _ignored, ...rest } = params;
      const [entry] = await entityService(platform).findMany(uid, { ...rest, pagination: { start: 0, limit: 1, withCount: false } });
      return entry ?? null;
    },
    async createOrUpdate(params) {
      const [existing] = await entityService(platform).findMany(uid, lookupParams(params));
      if (!existing) return entityService(platform).create(uid, params);
      return entityService(platform).update(uid, existing.id, params);
    },
    async delete(params = {}) {
      const [existing] = await entityService(platform).findMany(uid, lookupParams(params));
      if (!existing) return null;
      return entityService(platform).delete(uid, existing.id, params);
    },
  };
}
