/**
 * Every statement has a time budget (issue 10 item 2b): past `database.statementTimeout` the
 * database itself cancels the statement (it is gone from the server's process list, not only
 * abandoned by the client), the request gets a 503 naming the key, and the connection serves
 * the next request. SQLite has no way to interrupt a statement through better-sqlite3; its
 * reads are bounded by the query engine's budgets instead (populate-budget, filter-limits).
 */
import { expect } from 'chai';
import { definePlugin, type DatabaseClient, type RequestContext } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';

/**
 * A statement that runs for seconds unless cancelled, found in the process list by its text.
 * Not `SLEEP()` on MariaDB: cut by `max_statement_time`, it now and then returns 1 instead of
 * failing (about 1 in 100 here), and `BENCHMARK()` or a recursive CTE return without an error
 * every time. A join of 506^4 rows is cancelled with error 1969 every time.
 */
const SLOW: Record<DatabaseClient, string> = {
  sqlite: '',
  mysql: 'SELECT COUNT(*) AS slept FROM information_schema.collations a, information_schema.collations b, information_schema.collations c, information_schema.collations d',
  postgres: 'SELECT pg_sleep(7.25) AS slept',
};

const slowProbe = definePlugin({
  name: 'slow-probe',
  controllers: {
    probe: (plugin) => ({
      async slow(ctx: RequestContext) {
        void ctx;
        await plugin.db.connection.raw(SLOW[plugin.db.client]);
        return { data: 'finished' };
      },
    }),
  },
  routes: [{ method: 'GET', path: '/slow', handler: 'plugin::slow-probe.probe.slow', config: { auth: false } }],
});

const TIMED_OUT = {
  data: null,
  error: {
    status: 503,
    name: 'ServiceUnavailableError',
    message: 'The database did not answer within its time budget (database.statementTimeout)',
    details: { key: 'database.statementTimeout' },
  },
};

/**
 * The sleeping statements the database still runs, seen from a connection of its own: those of
 * this test's database only, as another run of the suite may sleep on the same server meanwhile.
 */
async function stillRunning(app: TestApp): Promise<number> {
  if (app.platform.db.client === 'mysql') {
    const [rows] = await app.knex.raw("SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = DATABASE() AND info LIKE 'SELECT COUNT(*) AS slept FROM information_schema.collations%'");
    return Number((rows as Array<{ n: number }>)[0]?.n);
  }
  const { rows } = await app.knex.raw("SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'SELECT pg_sleep(7.25)%'");
  return Number((rows as Array<{ n: string }>)[0]?.n);
}

// Not on SQLite: better-sqlite3 cannot interrupt a statement (no progress handler, no
// sqlite3_interrupt); its reads are bounded by the query engine's budgets instead.
for (const client of testClients().filter((name) => name !== 'sqlite')) {
  describe(`statement time budget [${client}]`, function () {
    this.timeout(60000);
    const ctx = {} as { app: TestApp };
    before(async () => {
      ctx.app = await startApp({ client, plugins: [slowProbe], config: { database: { statementTimeout: 300 } } });
    });
    after(async () => {
      await ctx.app?.close();
    });

    it('cancels a statement past database.statementTimeout on the database side and answers 503', async () => {
      // more requests than the pool has connections (10): each one is freed by the cancel
      const results = await Promise.all(Array.from({ length: 12 }, () => ctx.app.get('/api/slow-probe/slow')));
      for (const res of results) {
        expect(res.status).to.equal(503);
        expect(res.body).to.deep.equal(TIMED_OUT);
      }
      expect(await stillRunning(ctx.app)).to.equal(0);
      const plain = await ctx.app.get('/api/tags');
      expect(plain.status).to.equal(200);
      expect(plain.body.data).to.deep.equal([]);
    });
  });
}
