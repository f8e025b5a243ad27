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
    findOne: (uid, id, params = {}) => read.findOne(engine, model(uid), toId(id), params),
    count: (uid, params = {}) => read.count(engine, model(uid), params),
    create: (uid, params) => write.createEntry(engine, model(uid), params),
    update: (uid, id, params) => write.updateEntry(engine, model(uid), toId(id), params),
    delete: (uid, id, params = {}) => write.deleteEntry(engine, model(uid), toId(id), params),
  };
}

/** Ids arrive as path segments or GraphQL IDs; only positive integers name an entry. */
export function toId(id: number | string): number {
  const value = typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new ValidationError(`Invalid id: ${JSON.stringify(id)}`);
  return value;
}
