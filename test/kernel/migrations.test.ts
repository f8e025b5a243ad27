/**
 * The app's database/migrations: run once each, in name order, at start, recorded in Strapi v4's
 * strapi_migrations table; one recorded there already (a Strapi project's) is not run; a failing
 * one stops start-up naming it and leaves the database as it was (DDL included on SQLite and
 * PostgreSQL: MySQL and MariaDB commit DDL at once). On every database of TEST_DATABASES.
 */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { expect } from 'chai';
import { knexConfig } from '../../core/src/database/connection';
import { BootError, type DatabaseClient } from '@platform/core';
import { startApp } from '../helpers/app';
import { exampleAppWith } from '../helpers/app-dir';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { rejectedWith } from '../helpers/boot-error';
import { rowsSnapshot, schemaSnapshot } from '../helpers/db-snapshot';

const MIGRATIONS = 'database/migrations';

/** creates the log table and writes its first row: the later migrations need it */
const FIRST = `module.exports = {
  async up(knex) {
    await knex.schema.createTable('migration_log', (t) => { t.increments('id'); t.string('step'); });
    await knex('migration_log').insert({ step: 'first' });
  },
};
`;
/** TypeScript, and the `up` function as the whole export */
const SECOND = `import type { Knex } from 'knex';
export default async function up(knex: Knex) {
  await knex('migration_log').insert({ step: 'second' });
  await knex('categories').update({ name: 'renamed by a migration' });
}
`;
const THIRD_SQL = `INSERT INTO migration_log (step) VALUES ('third (sql)')`;

for (const client of testClients()) {
  describe(`app migrations [${client}]`, function () {
    this.timeout(60000);
    let database: TestDatabase;
    let app: ReturnType<typeof exampleAppWith>;
    const write = (name: string, content: string) => fs.writeFileSync(path.join(app.dir, MIGRATIONS, name), content);
    /** starts and stops the app on the test's database; answers what the migrations table holds */
    const boot = async () => {
      const started = await startApp({ client, appDir: app.dir, database });
      await started.stop();
    };
    /** a connection of its own to the test's database, to read and write it between starts */
    const withKnex = async <T>(fn: (knex: Knex) => Promise<T>): Promise<T> => {
      const knex = knexFactory(knexConfig(database.config, app.dir, 'config/database').knex);
      try {
        return await fn(knex);
      } finally {
        await knex.destroy();
      }
    };
    const snapshot = () =>
      withKnex(async (knex) => {
        const schema = await schemaSnapshot(knex, client);
        return { schema, rows: await rowsSnapshot(knex, Object.keys(schema)) };
      });

    before(async () => {
      database = await createTestDatabase(client as DatabaseClient);
      app = exampleAppWith({});
      // a first start without migrations: the app's tables exist, with a category in them
      const first = await startApp({ client, appDir: app.dir, database });
      await first.post('/api/categories', { data: { name: 'News' } });
      await first.stop();
      fs.mkdirSync(path.join(app.dir, MIGRATIONS), { recursive: true });
    });
    after(async () => {
      app.remove();
      await database.drop();
    });

    it('runs each pending migration once, in name order, and records it in strapi_migrations', async () => {
      // written out of order: the names decide
      write('2024.03.01T00.00.00.third.sql', THIRD_SQL);
      write('2024.02.01T00.00.00.second.ts', SECOND);
      write('2024.01.01T00.00.00.first.js', FIRST);
      write('README.md', 'not a migration');
      await boot();
      await boot();
      await withKnex(async (knex) => {
        expect((await knex('migration_log').orderBy('id')).map((r: { step: string }) => r.step)).to.deep.equal(['first', 'second', 'third (sql)']);
        const recorded = await knex('strapi_migrations').orderBy('id');
        expect(recorded.map((r: { name: string }) => r.name)).to.deep.equal(['2024.01.01T00.00.00.first.js', '2024.02.01T00.00.00.second.ts', '2024.03.01T00.00.00.third.sql']);
        for (const row of recorded) expect(new Date(row.time).getTime()).to.be.closeTo(Date.now(), 60000);
        expect((await knex('categories')).map((r: { name: string }) => r.name)).to.deep.equal(['renamed by a migration']);
      });
    });

    it("does not run a migration already recorded in strapi_migrations (a Strapi project's)", async () => {
      await withKnex((knex) => knex('strapi_migrations').insert({ name: '2024.04.01T00.00.00.from-strapi.js', time: new Date() }));
      write('2024.04.01T00.00.00.from-strapi.js', `module.exports = { up() { throw new Error('ran twice'); } };\n`);
      await boot();
      await withKnex(async (knex) => {
        expect(await knex('strapi_migrations').where({ name: '2024.04.01T00.00.00.from-strapi.js' }).select('name')).to.have.length(1);
      });
    });

    it('stops start-up naming a failing migration, and leaves the database as it was', async () => {
      const before = await snapshot();
      // the first pending one changes data (and, on SQLite and PostgreSQL, the schema); the second throws
      const ddl = client === 'mysql' ? '' : `await knex.schema.createTable('left_behind', (t) => { t.increments('id'); });`;
      write('2024.05.01T00.00.00.writes.js', `module.exports = { async up(knex) { ${ddl} await knex('categories').insert({ name: 'should not stay' }); await knex('migration_log').del(); } };\n`);
      write('2024.05.02T00.00.00.breaks.js', `module.exports = { async up() { throw new Error('the data is not what I expected'); } };\n`);
      const error = await rejectedWith(startApp({ client, appDir: app.dir, database }), BootError);
      expect({ code: error.code, message: error.message }).to.deep.equal({
        code: 'MIGRATION_FAILED',
        message: 'database/migrations/2024.05.02T00.00.00.breaks.js failed: the data is not what I expected; the 2 pending migrations were rolled back together',
      });
      const after = await snapshot();
      expect(after).to.deep.equal(before);
      fs.rmSync(path.join(app.dir, MIGRATIONS, '2024.05.01T00.00.00.writes.js'));
      fs.rmSync(path.join(app.dir, MIGRATIONS, '2024.05.02T00.00.00.breaks.js'));
    });

    it('names a file that does not export up', async () => {
      write('2024.06.01T00.00.00.empty.js', 'module.exports = {};\n');
      const error = await rejectedWith(startApp({ client, appDir: app.dir, database }), BootError);
      expect(error.message).to.equal(`${path.join(app.dir, MIGRATIONS, '2024.06.01T00.00.00.empty.js')}: a migration exports up(knex) (or is that function)`);
      fs.rmSync(path.join(app.dir, MIGRATIONS, '2024.06.01T00.00.00.empty.js'));
    });
  });
}
