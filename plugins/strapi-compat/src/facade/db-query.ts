/**
 * `strapi.db.query(uid)`: Strapi v4's query engine API (`where`, `select`, `orderBy`, `offset`,
 * `limit`, `populate`) over the platform's one engine, so its reads and writes run the same
 * lifecycles and transactions as REST. Bulk writes are one transaction.
 */
import type { Entity, EntityService, FindParams } from '@platform/query-engine';
import type { Database, Model } from '@platform/core';
import { fromQueryParams, type Params } from './params';

export interface StrapiQuery {
  findOne(params?: Params): Promise<Entity | null>;
  findMany(params?: Params): Promise<Entity[]>;
  findWithCount(params?: Params): Promise<[Entity[], number]>;
  findPage(params?: Params): Promise<{ results: Entity[]; pagination: unknown }>;
  count(params?: Params): Promise<number>;
  create(params: Params): Promise<Entity>;
  createMany(params: Params): Promise<{ count: number; ids: number[] }>;
  update(params: Params): Promise<Entity | null>;
  updateMany(params: Params): Promise<{ count: number }>;
  delete(params: Params): Promise<Entity | null>;
  deleteMany(params?: Params): Promise<{ count: number }>;
  load(entity: { id: number | string }, field: string, params?: Params): Promise<unknown>;
}

function isLocalized(model: Model): boolean {
  const i18n = model.pluginOptions.i18n as { localized?: unknown } | undefined;
  return i18n?.localized === true;
}

export function createStrapiQuery(uid: string, service: EntityService, db: Database, model: Model): StrapiQuery {
  const read = (params: Params | undefined): FindParams => fromQueryParams(params, isLocalized(model));
  const writeOptions = (params: Params) => {
    const { select, populate } = params;
    return { ...(select === undefined ? {} : { fields: select as FindParams['fields'] }), ...(populate === undefined ? {} : { populate: populate as FindParams['populate'] }) };
  };
  const ids = async (params: Params | undefined): Promise<number[]> => {
    const rows = await service.findMany(uid, { ...read({ where: params?.where }), fields: ['id'] });
    return rows.map((row) => row.id);
  };
  const query: StrapiQuery = {
    async findOne(params) {
      const [first] = await service.findMany(uid, { ...read(params), pagination: { start: (params?.offset as number | undefined) ?? 0, limit: 1 } });
      return first ?? null;
    },
    findMany: (params) => service.findMany(uid, read(params)),
    async findWithCount(params) {
      const [results, total] = await Promise.all([service.findMany(uid, read(params)), service.count(uid, read({ where: params?.where }))]);
      return [results, total];
    },
    findPage(params = {}) {
      const { page, pageSize, ...rest } = params;
      return service.findPage(uid, { ...read(rest), pagination: { page: (page as number | undefined) ?? 1, pageSize: (pageSize as number | undefined) ?? 10 } });
    },
    count: (params) => service.count(uid, read({ where: params?.where })),
    create: (params) => service.create(uid, { data: (params.data ?? {}) as Record<string, unknown>, ...writeOptions(params) }),
    createMany: (params) =>
      db.transaction(async () => {
        const created: number[] = [];
        for (const data of (params.data ?? []) as Array<Record<string, unknown>>) created.push((await service.create(uid, { data })).id);
        return { count: created.length, ids: created };
      }),
    async update(params) {
      const [id] = await ids(params);
      return id === undefined ? null : service.update(uid, id, { data: (params.data ?? {}) as Record<string, unknown>, ...writeOptions(params) });
    },
    updateMany: (params) =>
      db.transaction(async () => {
        const matched = await ids(params);
        for (const id of matched) await service.update(uid, id, { data: (params.data ?? {}) as Record<string, unknown> });
        return { count: matched.length };
      }),
    async delete(params) {
      const [id] = await ids(params);
      return id === undefined ? null : service.delete(uid, id, read({ select: params.select, populate: params.populate }));
    },
    deleteMany: (params) =>
      db.transaction(async () => {
        const matched = await ids(params);
        for (const id of matched) await service.delete(uid, id);
        return { count: matched.length };
      }),
    async load(entity, field, params) {
      const found = await service.findOne(uid, entity.id, { ...read({}), fields: ['id'], populate: { [field]: params ?? true } });
      return found ? (found[field] ?? null) : null;
    },
  };
  return query;
}
