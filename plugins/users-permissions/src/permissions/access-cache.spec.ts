import { expect } from 'chai';
import type { PluginContext } from '@platform/core';
import { createAccessCache } from './access-cache';

interface Rows {
  roles: Array<{ id: number; type: string; name: string }>;
  permissions: Array<{ action: string; roleId: number }>;
}

/**
 * A database that only shows committed rows to readers (as READ COMMITTED does), with the
 * kernel's afterCommit, and a broadcast whose trust the test sets; each roles load can be held.
 */
function fakeContext() {
  let committed: Rows = { roles: [{ id: 1, type: 'public', name: 'Public' }], permissions: [{ action: 'api::note.note.find', roleId: 1 }] };
  const pool = { pool: true };
  let open: { trx: object; callbacks: Array<() => unknown> } | null = null;
  let hold: Promise<void> | null = null;
  let trusted = true;
  let resync: () => void = () => {};
  const state = { loads: 0 };
  const knex = (table: string) => {
    const snapshot = committed;
    const rows = async <T>(value: T): Promise<T> => {
      if (hold !== null) await hold;
      return value;
    };
    if (table === 'up_roles') {
      state.loads += 1;
      return { select: () => rows(snapshot.roles) };
    }
    return { join: () => ({ select: () => rows(snapshot.permissions) }) };
  };
  const db = {
    knex: pool,
    get connection() {
      return open ? open.trx : knex;
    },
    async afterCommit(callback: () => unknown) {
      if (open) open.callbacks.push(callback);
      else await callback();
    },
  };
  const ctx = {
    db,
    broadcast: {
      publishAndWait: async () => {},
      subscribe: () => () => {},
      onResync: (handler: () => void) => {
        resync = handler;
        return () => {};
      },
      trusted: () => trusted,
    },
  } as unknown as PluginContext;
  // the pool, as the cache reads it outside a transaction
  db.knex = knex as unknown as typeof pool;
  return {
    ctx,
    state,
    /** opens a transaction that will store `next`; the returned function commits it */
    begin(next: Rows) {
      const current = { trx: { trx: true }, callbacks: [] as Array<() => unknown> };
      open = current;
      return async () => {
        open = null;
        committed = next;
        for (const callback of current.callbacks) await callback();
      };
    },
    /** runs `fn` outside the transaction (another request) */
    outside<T>(fn: () => T): T {
      const saved = open;
      open = null;
      try {
        return fn();
      } finally {
        open = saved;
      }
    },
    holdLoads() {
      let release: () => void = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
    setCommitted(rows: Rows) {
      committed = rows;
    },
    setTrusted(value: boolean) {
      trusted = value;
    },
    resync: () => resync(),
  };
}

const REVOKED: Rows = { roles: [{ id: 1, type: 'public', name: 'Public' }], permissions: [] };

describe('the users-permissions access cache', () => {
  it('a read between a write and its commit does not keep the old permissions', async () => {
    const fake = fakeContext();
    const cache = createAccessCache(fake.ctx);
    expect((await cache.role(1))?.ability.can('api::note.note.find')).to.equal(true);
    const commit = fake.begin(REVOKED);
    await cache.rolesChanged();
    // another request, while the write has not committed: it sees (and may keep) the old rows
    expect((await fake.outside(() => cache.role(1)))?.ability.can('api::note.note.find')).to.equal(true);
    await commit();
    expect((await cache.role(1))?.ability.can('api::note.note.find')).to.equal(false);
  });

  it('a load that started before a change is not kept', async () => {
    const fake = fakeContext();
    const cache = createAccessCache(fake.ctx);
    const release = fake.holdLoads();
    const before = cache.role(1);
    fake.setCommitted(REVOKED);
    await cache.rolesChanged();
    release();
    expect((await before)?.ability.can('api::note.note.find')).to.equal(true);
    expect((await cache.role(1))?.ability.can('api::note.note.find')).to.equal(false);
  });

  it('keeps nothing while the broadcast cannot be trusted, and drops everything on a resync', async () => {
    const fake = fakeContext();
    const cache = createAccessCache(fake.ctx);
    await cache.role(1);
    await cache.role(1);
    expect(fake.state.loads).to.equal(1);
    fake.setTrusted(false);
    await cache.role(1);
    await cache.role(1);
    expect(fake.state.loads).to.equal(3);
    // a change made elsewhere whose message never came
    fake.setCommitted(REVOKED);
    fake.setTrusted(true);
    expect((await cache.role(1))?.ability.can('api::note.note.find')).to.equal(true);
    fake.resync();
    expect((await cache.role(1))?.ability.can('api::note.note.find')).to.equal(false);
  });
});
