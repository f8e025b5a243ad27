/**
 * The core services of Strapi v4, one per content-type (`api::<api>.<name>`): thin methods over
 * the entity service that an app can override with `createCoreService(uid, ...)` and reach
 * again with `super`. The content-API operations store through them on REST.
 */
import type { PluginContext } from '@platform/core';
import { singleEntityStore, type Entity, type EntityService, type FindParams, type PageMeta, type SingleEntryStore, type WriteParams } from '@platform/query-engine';

export interface CollectionTypeService {
  find(params?: FindParams): Promise<{ results: Entity[]; pagination: PageMeta }>;
  findOne(id: number | string, params?: FindParams): Promise<Entity | null>;
  create(params: WriteParams): Promise<Entity>;
  update(id: number | string, params: WriteParams): Promise<Entity | null>;
  delete(id: number | string, params?: FindParams): Promise<Entity | null>;
}

export type SingleTypeService = SingleEntryStore;

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

/** The one entry of a single type, found as every transport finds it (in its locale, drafts included for writes). */
export function createSingleTypeService(platform: PluginContext, uid: string): SingleTypeService {
  return singleEntityStore(() => entityService(platform), uid);
}
