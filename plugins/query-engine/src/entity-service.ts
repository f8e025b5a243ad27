/**
 * The entity service: one facade over the engine that REST controllers, GraphQL resolvers and
 * plugins call with the same parameters and semantics.
 */
import { NotFoundError, ValidationError, type Model } from '@platform/core';
import type { Engine } from './engine';
import type { EntityService, PaginationDefaults } from './types';
import * as read from './read';
import * as write from './write';

export function createEntityService(engine: Engine): EntityService {
  const model = (uid: string): Model => {
    const found = engine.platform.models.find(uid);
    if (!found || found.kind === 'component') throw new NotFoundError(`Unknown content-type ${uid}`);
    return found;
  };
  const restDefaults = (): PaginationDefaults => ({
    defaultLimit: engine.platform.config<number>('api.rest.defaultLimit', 25),
    maxLimit: engine.platform.config<number>('api.rest.maxLimit', 100),
    withCount: engine.platform.config<boolean>('api.rest.withCount', true),
  });
  return {
    findMany: (uid, params = {}) => read.findMany(engine, model(uid), params),
    findPage: (uid, params = {}, defaults) => read.findPage(engine, model(uid), params, defaults ?? restDefaults()),
    findOne: (uid, id, params = {}) => byId(toId(id), (n) => read.findOne(engine, model(uid), n, params)),
    count: (uid, params = {}) => read.count(engine, model(uid), params),
    create: (uid, params) => write.createEntry(engine, model(uid), params),
    update: (uid, id, params) => byId(toId(id), (n) => write.updateEntry(engine, model(uid), n, params)),
    delete: (uid, id, params = {}) => byId(toId(id), (n) => write.deleteEntry(engine, model(uid), n, params)),
  };
}

/**
 * Ids are `increments` columns, 32-bit on PostgreSQL and MariaDB: a larger id names no entry,
 * and PostgreSQL would refuse to compare the column with it where the others find nothing.
 */
export const MAX_ID = 2147483647;

async function byId<T>(id: number, fn: (id: number) => Promise<T>): Promise<T | null> {
  return id > MAX_ID ? null : fn(id);
}

/** Ids arrive as path segments or GraphQL IDs; only positive integers name an entry. */
export function toId(id: number | string): number {
  const value = typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new ValidationError(`Invalid id: ${JSON.stringify(id)}`);
  return value;
}
