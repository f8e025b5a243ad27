/**
 * The entity service: one facade over the engine that REST controllers, GraphQL resolvers and
 * plugins call with the same parameters and semantics.
 */
import { NotFoundError, ValidationError, type Model } from '@platform/core';
import { restDefaults, type Engine } from './engine';
import { isStorableId, parseId } from './ids';
import type { EntityService } from './types';
import * as read from './read';
import * as write from './write';

export function createEntityService(engine: Engine): EntityService {
  const model = (uid: string): Model => {
    const found = engine.ctx.models.find(uid);
    if (!found || found.kind === 'component') throw new NotFoundError(`Unknown content-type ${uid}`);
    return found;
  };
  return {
    findMany: (uid, params = {}) => read.findMany(engine, model(uid), params),
    findPage: (uid, params = {}, defaults) => read.findPage(engine, model(uid), params, defaults ?? restDefaults(engine)),
    findOne: (uid, id, params = {}) => byId(toId(id), (n) => read.findOne(engine, model(uid), n, params)),
    count: (uid, params = {}) => read.count(engine, model(uid), params),
    create: (uid, params) => write.createEntry(engine, model(uid), params),
    update: (uid, id, params) => byId(toId(id), (n) => write.updateEntry(engine, model(uid), n, params)),
    delete: (uid, id, params = {}) => byId(toId(id), (n) => write.deleteEntry(engine, model(uid), n, params)),
    deleteMany: (uid, ids, params = {}) => write.deleteEntries(engine, model(uid), ids.filter(isStorableId), params),
  };
}

/** An id past the id column names no entry: no query is run for it. */
async function byId<T>(id: number, fn: (id: number) => Promise<T>): Promise<T | null> {
  return isStorableId(id) ? fn(id) : null;
}

/** Ids arrive as path segments or GraphQL IDs; anything but a positive integer is a 400. */
export function toId(id: number | string): number {
  const value = parseId(id);
  if (value === null) throw new ValidationError(`Invalid id: ${JSON.stringify(id)}`);
  return value;
}
