/**
 * The read entry points (findMany, findPage, findOne, count) on a booted example app: lifecycles
 * in order with their params and results, the scope hook AND-ed at root and by id, internal
 * `includePrivate`, no pagination unless asked in findMany, and validation before any SQL.
 */
import { expect } from 'chai';
import type { Entity, LifecycleEvent, ScopeContext } from '@platform/query-engine';
import { startApp, type TestApp } from '../../../../test/helpers/app';

describe('read entry points (entity service)', function () {
  this.timeout(60000);
  let app: TestApp;
  const uid = 'api::writer.writer';
  const service = () => app.platform.service('plugin::query-engine.entity-service');

  before(async () => {
    app = await startApp({ client: 'sqlite' });
    const stamp = new Date('2024-01-01T00:00:00.000Z');
    await app.knex('writers').insert(['Ada', 'Bob', 'Cy'].map((name, i) => ({ name, secret: `s${i}`, created_at: stamp, updated_at: stamp })));
  });
  after(async () => {
    await app?.close();
  });

  it('findMany returns every row without pagination, and pages when asked', async () => {
    expect((await service().findMany(uid, {})).map((e) => e.name)).to.deep.equal(['Ada', 'Bob', 'Cy']);
    expect((await service().findMany(uid, { pagination: { start: 1, limit: 1 } })).map((e) => e.name)).to.deep.equal(['Bob']);
  });

  it('returns private attributes only to internal callers', async () => {
    const [plain] = await service().findMany(uid, { filters: { id: 1 } });
    expect(plain).to.deep.equal({ id: 1, name: 'Ada', email: null, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' });
    const [internal] = await service().findMany(uid, { filters: { secret: 's1' }, includePrivate: true });
    expect(internal).to.deep.include({ id: 2, secret: 's1' });
    expect(await service().findOne(uid, 3, { includePrivate: true, fields: ['secret'] })).to.deep.equal({ id: 3, secret: 's2' });
  });

  it('findOne answers null for a missing id, count counts with filters', async () => {
    expect(await service().findOne(uid, 99)).to.equal(null);
    expect(await service().count(uid, { filters: { name: { $in: ['Ada', 'Cy'] } } })).to.equal(2);
  });

  it('runs lifecycles with params, state and results; before* may change params', async () => {
    const seen: string[] = [];
    const engine = app.platform.service('plugin::query-engine.engine');
    const record = (name: string) => (event: LifecycleEvent) => {
      const result = event.result as Entity[] | Entity | number | undefined;
      seen.push(`${name}:${Array.isArray(result) ? result.map((e) => e.id).join(',') : typeof result === 'object' && result ? result.id : String(result)}`);
    };
    engine.lifecycles.set(uid, [
      {
        beforeFindMany: (event) => {
          event.params.filters = { name: 'Bob' };
          event.state.mark = 'x';
        },
        afterFindMany: (event) => {
          expect(event.state.mark).to.equal('x');
          record('afterFindMany')(event);
        },
        beforeFindOne: record('beforeFindOne'),
        afterFindOne: record('afterFindOne'),
        beforeCount: record('beforeCount'),
        afterCount: record('afterCount'),
      },
    ]);
    try {
      expect((await service().findMany(uid, {})).map((e) => e.id)).to.deep.equal([2]);
      const page = await service().findPage(uid, {}, { defaultLimit: 10 });
      expect(page).to.deep.equal({ results: [page.results[0]], pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 } });
      await service().findOne(uid, 1);
      await service().count(uid, {});
      expect(seen).to.deep.equal(['afterFindMany:2', 'afterFindMany:2', 'beforeFindOne:undefined', 'afterFindOne:1', 'beforeCount:undefined', 'afterCount:3']);
    } finally {
      engine.lifecycles.delete(uid);
    }
  });

  it('ANDs what the scope hook pushes, at root and by id', async () => {
    const hooks = app.platform.service('plugin::query-engine.hooks');
    const levels: string[] = [];
    hooks.scope.tap('read-spec', (context: ScopeContext) => {
      if (context.model.uid !== uid) return;
      levels.push(context.level);
      if (context.params.onlyCy) context.filters.push({ name: 'Cy' });
    });
    expect((await service().findMany(uid, { onlyCy: true })).map((e) => e.name)).to.deep.equal(['Cy']);
    expect(await service().findOne(uid, 1, { onlyCy: true })).to.equal(null);
    expect(await service().count(uid, { onlyCy: true, filters: { name: 'Ada' } })).to.equal(0);
    expect(levels).to.deep.equal(['root', 'findOne', 'root']);
  });

  it('validates every parameter before the first query', async () => {
    const { count, result } = await app.countQueries(() =>
      service()
        .findMany(uid, { sort: 'nope', filters: { name: 'x' } })
        .catch((e: Error) => e.message),
    );
    expect(result).to.equal('Invalid parameter nope');
    expect(count).to.equal(0);
    const paged = await app.countQueries(() =>
      service()
        .findPage(uid, { fields: ['secret'] }, { defaultLimit: 5 })
        .catch((e: Error) => e.message),
    );
    expect(paged).to.deep.include({ result: 'Invalid parameter secret', count: 0 });
  });
});
