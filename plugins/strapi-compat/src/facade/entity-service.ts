/**
 * `strapi.entityService`: Strapi v4's entity service over the query engine's
 * (`plugin::query-engine.entity-service`), same permissions-free internal reads, same writes,
 * transactions and lifecycles as REST. Where Strapi's ignores a parameter, so does this one:
 * `findOne` reads by id only (its `filters` are dropped), and `findMany` of a single type
 * answers its one entry.
 */
import type { Entity, EntityService, WriteParams } from '@platform/query-engine';
import type { Model } from '@platform/core';
import { fromEntityServiceParams, type Params } from './params';

export interface StrapiEntityService {
  findMany(uid: string, params?: Params): Promise<Entity[] | Entity | null>;
  findOne(uid: string, id: number | string, params?: Params): Promise<Entity | null>;
  findPage(uid: string, params?: Params): Promise<{ results: Entity[]; pagination: unknown }>;
  create(uid: string, params: Params): Promise<Entity>;
  update(uid: string, id: number | string, params: Params): Promise<Entity | null>;
  delete(uid: string, id: number | string, params?: Params): Promise<Entity | null>;
  count(uid: string, params?: Params): Promise<number>;
  load(uid: string, entity: { id: number | string }, field: string, params?: Params): Promise<unknown>;
}

function writeParams(params: Params): WriteParams {
  const { data, ...rest } = params;
  return { ...fromEntityServiceParams(rest), data: (data ?? {}) as Record<string, unknown> };
}

export function createStrapiEntityService(service: () => EntityService, model: (uid: string) => Model): StrapiEntityService {
  return {
    async findMany(uid, params) {
      const found = await service().findMany(uid, fromEntityServiceParams(params));
      return model(uid).kind === 'singleType' ? (found[0] ?? null) : found;
    },
    findOne(uid, id, params = {}) {
      const { filters: _ignored, ...rest } = params;
      return service().findOne(uid, id, fromEntityServiceParams(rest));
    },
    findPage: (uid, params) => service().findPage(uid, fromEntityServiceParams(params)),
    create: (uid, params) => service().create(uid, writeParams(params)),
    update: (uid, id, params) => service().update(uid, id, writeParams(params)),
    delete: (uid, id, params) => service().delete(uid, id, fromEntityServiceParams(params)),
    count: (uid, params) => service().count(uid, fromEntityServiceParams(params)),
    async load(uid, entity, field, params) {
      const found = await service().findOne(uid, entity.id, fromEntityServiceParams({ fields: ['id'], populate: { [field]: params ?? true } }));
      return found ? (found[field] ?? null) : null;
    },
  };
}
