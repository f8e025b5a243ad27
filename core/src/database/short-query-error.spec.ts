import { expect } from 'chai';
import { Database } from './database';
import { MAX_ERROR_TEXT, shortenQueryError, shortenText } from './short-query-error';

describe('database: errors of long statements are shortened', () => {
  it('keeps short texts, and the start and end of long ones with the length left out', () => {
    expect(shortenText('select 1 - no such table')).to.equal('select 1 - no such table');
    const long = `select * from t where id in (${'1,'.repeat(5000)}1) - too many SQL variables`;
    const short = shortenText(long);
    expect(short).to.equal(`${long.slice(0, 400)} … [${long.length - 800} characters left out] … ${long.slice(-400)}`);
    expect(short.endsWith('1,1) - too many SQL variables')).to.equal(true);
  });

  it("shortens the message, the stack and a driver's sql field in place", () => {
    const error = Object.assign(new Error('x'.repeat(5000)), { sql: 'y'.repeat(5000) });
    shortenQueryError(error);
    expect([error.message, error.sql]).to.deep.equal([`${'x'.repeat(400)} … [4200 characters left out] … ${'x'.repeat(400)}`, `${'y'.repeat(400)} … [4200 characters left out] … ${'y'.repeat(400)}`]);
    expect(error.stack?.includes('x'.repeat(401))).to.equal(false);
  });

  it('applies to every failed statement, in a transaction too (SQLite refuses 40,000 values)', async () => {
    const db = new Database('sqlite', { client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    try {
      await db.knex.schema.createTable('t', (t) => t.increments('id'));
      const ids = Array.from({ length: 40000 }, (_, i) => i + 1);
      for (const run of [() => db.knex('t').whereIn('id', ids), () => db.transaction(async () => db.connection('t').whereIn('id', ids))]) {
        let error: Error | undefined;
        try {
          await run();
        } catch (caught) {
          error = caught as Error;
        }
        expect(error?.message.length).to.be.below(MAX_ERROR_TEXT);
        expect(error?.message.endsWith('too many SQL variables')).to.equal(true, error?.message);
        expect(error?.stack?.length).to.be.below(MAX_ERROR_TEXT + 2000);
      }
    } finally {
      await db.destroy();
    }
  });
});
