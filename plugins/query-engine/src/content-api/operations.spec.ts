/**
 * The content-API operations over a recording entity service: the protocol runs in order and
 * once (a denial reaches no store, an id that names no entry reads nothing), a write's query
 * keeps only what reads it back, a count no selection, and a transport's own authorization
 * replaces the action's check.
 */
import { expect } from 'chai';
import { ForbiddenError, ValidationError, type ModelRegistry } from '@platform/core';
import type { Entity, EntityService } from '../types';
import { createContentApi, type ContentApi } from './service';
import type { ContentApiContext } from './types';
import { ARTICLE, specModels } from './spec-models';

type Call = [string, ...unknown[]];

function recordingEntities(calls: Call[]): EntityService {
  const entry = (id: number): Entity => ({ id, title: 'T', secret: 's' });
  /** `answer` once the call is written down */
  const recorded =
    <A extends unknown[], R>(name: string, answer: (...args: A) => R) =>
    async (...args: A): Promise<R> => {
      calls.push([name, ...args]);
      return answer(...args);
    };
  return {
    findMany: recorded('findMany', () => [entry(1)]),
    findPage: recorded('findPage', () => ({ results: [entry(1)], pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } })),
    findOne: recorded('findOne', (_uid: string, id: number | string) => entry(Number(id))),
    count: recorded('count', () => 1),
    create: recorded('create', () => entry(2)),
    update: recorded('update', (_uid: string, id: number | string) => entry(Number(id))),
    delete: recorded('delete', (_uid: string, id: number | string) => entry(Number(id))),
    deleteMany: recorded('deleteMany', (_uid: string, ids: readonly number[]) => ids.map(entry)),
  };
}

async function rejected(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('content-API operations', () => {
  let models: ModelRegistry;
  let calls: Call[];
  let api: ContentApi;
  const context = (): ContentApiContext => ({ transport: 'rest', auth: null });
  beforeEach(() => {
    models = specModels();
    calls = [];
    const entities = recordingEntities(calls);
    api = createContentApi(
      () => models,
      () => entities,
    );
    api.hooks.access.tap('spec', ({ rules }) => {
      rules.push({ can: (permission) => permission !== `${ARTICLE}.delete` });
    });
  });

  it('reads a page with the declared parameters only and answers it sanitized', async () => {
    const page = await api.find({ uid: ARTICLE, context: context(), query: { fields: ['title'], includeHidden: true }, internal: { includePrivate: true } });
    expect(page.results).to.deep.equal([{ id: 1, title: 'T' }]);
    expect(calls).to.deep.equal([['findPage', ARTICLE, { fields: ['title'], includePrivate: true }, undefined]]);
  });

  it('refuses a denied action before any store or check of the query', async () => {
    const error = await rejected(api.delete({ uid: ARTICLE, context: context(), id: 1, query: { fields: 5 } }));
    expect([error.constructor, error.message]).to.deep.equal([ForbiddenError, 'Forbidden']);
    expect(calls).to.deep.equal([]);
  });

  it('leaves the check to the transport when its own rule authorized the caller', async () => {
    expect(await api.delete({ uid: ARTICLE, context: context(), id: 3, authorization: 'transport' })).to.deep.equal({ id: 3, title: 'T' });
  });

  it('reads nothing for an id that names no entry', async () => {
    expect(await api.findOne({ uid: ARTICLE, context: context(), id: null })).to.equal(null);
    expect(await api.update({ uid: ARTICLE, context: context(), id: null, data: {} })).to.equal(null);
    expect(calls).to.deep.equal([]);
  });

  it('checks the query before the data, and writes with the read-back parameters only', async () => {
    const missing = await rejected(api.create({ uid: ARTICLE, context: context(), data: 'x' }));
    expect([missing.constructor, missing.message]).to.deep.equal([ValidationError, 'Missing "data" payload in the request body']);
    const invalid = await rejected(api.create({ uid: ARTICLE, context: context(), query: { fields: 5 }, data: 'x' }));
    expect(invalid.message).to.equal('Invalid parameter fields');
    await api.create({ uid: ARTICLE, context: context(), query: { fields: ['title'], filters: { title: 'x' }, sort: 'title' }, data: { title: 'N', id: 9 } });
    expect(calls).to.deep.equal([['create', ARTICLE, { fields: ['title'], data: { title: 'N' } }]]);
  });

  it('counts with the filters and no selection', async () => {
    expect(await api.count({ uid: ARTICLE, context: context(), query: { fields: ['title'], populate: '*', sort: 'title', filters: { title: 'x' } } })).to.equal(1);
    expect(calls).to.deep.equal([['count', ARTICLE, { filters: { title: 'x' } }]]);
  });

  it('finds the one entry of a single type among drafts, in its locale, to update it', async () => {
    await api.updateSingle({ uid: ARTICLE, context: context(), data: { title: 'N' } });
    expect(calls).to.deep.equal([
      ['findMany', ARTICLE, { includeHidden: true, pagination: { start: 0, limit: 1, withCount: false } }],
      ['update', ARTICLE, 1, { data: { title: 'N' } }],
    ]);
  });
});
