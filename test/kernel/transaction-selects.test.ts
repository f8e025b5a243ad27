/**
 * Selects started together inside one transaction share its one connection, so the database
 * layer sends them one after the other, in the order they were started (pg warns it will stop
 * queueing them itself). Outside a transaction each takes its own pooled connection.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

describeEachDatabase('selects started together in one transaction', (ctx) => {
  it('are sent one at a time, in the order they were started, each with its own answer', async () => {
    const db = ctx.app.platform.db;
    const trace: string[] = [];
    const off = db.onQuery((event) => {
      const n = event.bindings[0];
      if (/^select \S+ as n$/.test(event.sql)) trace.push(`sent ${String(n)}`);
    });
    try {
      const rows = await db.transaction(() =>
        Promise.all(
          [1, 2, 3].map(async (n) => {
            const answer = await db.select<{ n: unknown }>({ sql: 'select ? as n', bindings: [n] });
            trace.push(`answered ${String(n)}`);
            return String(answer[0]?.n);
          }),
        ),
      );
      expect(rows).to.deep.equal(['1', '2', '3']);
      expect(trace).to.deep.equal(['sent 1', 'answered 1', 'sent 2', 'answered 2', 'sent 3', 'answered 3']);
    } finally {
      off();
    }
  });

  it('a failed select does not stop the ones started after it', async () => {
    const db = ctx.app.platform.db;
    const outcomes = await db
      .transaction(() => Promise.allSettled([db.select({ sql: 'select * from no_such_table_here', bindings: [] }), db.select<{ n: unknown }>({ sql: 'select ? as n', bindings: [7] })]))
      .catch((error: Error) => error);
    // PostgreSQL aborts the whole transaction after a failed statement; the others go on
    if (ctx.client === 'postgres') {
      expect(outcomes).to.be.an('array');
      const [failed, next] = outcomes as PromiseSettledResult<unknown>[];
      expect(failed?.status).to.equal('rejected');
      expect(next?.status).to.equal('rejected');
      expect(String((next as PromiseRejectedResult).reason)).to.match(/current transaction is aborted/);
    } else {
      const [failed, next] = outcomes as PromiseSettledResult<Array<{ n: unknown }>>[];
      expect(failed?.status).to.equal('rejected');
      expect(next?.status).to.equal('fulfilled');
      expect(String((next as PromiseFulfilledResult<Array<{ n: unknown }>>).value[0]?.n)).to.equal('7');
    }
  });
});
