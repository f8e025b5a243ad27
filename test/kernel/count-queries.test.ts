/**
 * The test helper `countQueries` counts the statements issued on behalf of what it measures: a
 * request it sends (its transaction's BEGIN and COMMIT included) and a statement its own code
 * issues, never the statements of a background loop or of a request sent from elsewhere, even
 * when they run while the measured request does (test/helpers/query-windows.ts).
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const NOISE = "select 'background' as noise";

describeEachDatabase('countQueries counts the measured code only', (ctx) => {
  const create = (name: string) => ctx.app.post('/api/categories', { data: { name } });

  it('a request measured while a background loop and other requests run counts what it counts alone', async () => {
    // the first create of the app pays for what later ones reuse
    expect((await create('first')).status).to.equal(200);
    const alone = await ctx.app.countQueries(() => create('alone'));
    expect(alone.result.status).to.equal(200);
    expect(alone.count).to.be.above(0);

    // statements and requests from a loop started outside any measured window
    let windowOpen = false;
    const during = { statements: 0, requests: 0 };
    const off = ctx.app.platform.db.onQuery((event) => {
      if (windowOpen && event.sql === NOISE) during.statements += 1;
    });
    let running = true;
    const loop = (async () => {
      for (let i = 0; running; i++) {
        await Promise.all([
          ctx.app.knex.raw(NOISE),
          ctx.app.get(`/api/categories?filters[name]=background-${i}`).then(() => {
            if (windowOpen) during.requests += 1;
          }),
        ]);
      }
    })();
    try {
      const busy = await ctx.app.countQueries(async () => {
        windowOpen = true;
        const result = await create('busy');
        // the measured code's own statement counts too
        await ctx.app.knex.raw("select 'measured' as own");
        // until the loop has issued statements and requests inside the window
        while (during.statements < 2 || during.requests < 2) await new Promise((resolve) => setTimeout(resolve, 5));
        windowOpen = false;
        return result;
      });
      expect(busy.result.status).to.equal(200);
      expect(busy.queries.map((q) => q.sql)).to.deep.equal([...alone.queries.map((q) => q.sql), "select 'measured' as own"]);
    } finally {
      running = false;
      await loop;
      off();
    }
  });
});
