/**
 * Schema sync across restarts on every database: an added attribute becomes a column with the
 * data kept, a removed or retyped attribute is only reported, a unique index the rows cannot
 * have is reported, unknown tables are left alone, a second boot changes nothing, and several
 * processes booting at once on an empty database all start.
 */
import path from 'node:path';
import { expect } from 'chai';
import knexFactory from 'knex';
import { createLogger } from '@platform/core';
import { AUTH_PLUGINS, EXAMPLE_APP, startApp } from '../helpers/app';
import { boot, bootInChildProcess, knexClient } from '../helpers/boot-platform';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { rowsSnapshot, schemaSnapshot, secondaryIndexNames, tableIn, type TableSnapshot } from '../helpers/db-snapshot';
import { syncSchema } from '../../core/src/database/schema-sync';

const appDir = (version: string) => path.join(__dirname, '..', 'fixtures', `sync-app-${version}`);

for (const client of testClients()) {
  describe(`schema sync [${client}]`, function () {
    this.timeout(60000);

    describe('a second boot on the same database', () => {
      let database: TestDatabase;
      before(async () => {
        database = await createTestDatabase(client);
      });
      after(async () => {
        await database?.drop();
      });

      it('changes nothing: same schema, same stored schema row, and a sync that only reads', async () => {
        // the same plugins as the second boot, which starts the example app as it is (auth plugins on)
        const first = await startApp({ client, database, config: { plugins: Object.fromEntries(AUTH_PLUGINS.map((name) => [name, {}])) } });
        const schemaBefore = await schemaSnapshot(first.knex, client);
        const storedBefore = await first.knex('strapi_database_schema').select('*');
        await first.stop();

        const second = await boot(EXAMPLE_APP, database);
        try {
          expect(second.warnings).to.deep.equal([]);
          expect(await schemaSnapshot(second.platform.db.knex, client)).to.deep.equal(schemaBefore);
          expect(await second.platform.db.knex('strapi_database_schema').select('*')).to.deep.equal(storedBefore);

          const statements: string[] = [];
          const off = second.platform.db.onQuery((q) => statements.push(q.sql));
          const report = await syncSchema(second.platform.db, second.platform.models, createLogger('silent'));
          off();
          expect(report).to.deep.equal({ createTables: [], addColumns: [], addIndexes: [], warnings: [] });
          expect(statements).to.have.length(2);
          for (const sql of statements) expect(sql.trim().toLowerCase()).to.match(/^select /);
        } finally {
          await second.platform.destroy();
        }
      });
    });

    describe('several processes booting on one empty database at once', () => {
      let database: TestDatabase;
      before(async () => {
        database = await createTestDatabase(client);
      });
      after(async () => {
        await database?.drop();
      });

      it('all start, and the schema is the one a single boot makes', async () => {
        const single = await createTestDatabase(client);
        let expected: Record<string, TableSnapshot>;
        try {
          const alone = await boot(appDir('v2'), single);
          expected = await schemaSnapshot(alone.platform.db.knex, client);
          await alone.platform.destroy();
        } finally {
          await single.drop();
        }
        const results = await Promise.all([1, 2, 3].map(() => bootInChildProcess(appDir('v2'), database)));
        expect(results).to.deep.equal([
          { started: true, warnings: [] },
          { started: true, warnings: [] },
          { started: true, warnings: [] },
        ]);
        const knex = knexFactory({ ...knexClient(client), connection: database.config.connection.connection });
        try {
          expect(await schemaSnapshot(knex, client)).to.deep.equal(expected);
        } finally {
          await knex.destroy();
        }
      });
    });

    describe('schema changes across restarts (v1 → v2 → v3)', () => {
      let database: TestDatabase;
      const unknownRows = [
        { id: 1, firstname: 'Ada', email: 'ada@example.com' },
        { id: 2, firstname: 'Grace', email: 'grace@example.com' },
      ];
      let unknownSchema: TableSnapshot;
      let afterV2: { schema: Record<string, TableSnapshot>; rows: Record<string, unknown[]> };

      before(async () => {
        database = await createTestDatabase(client);
      });
      after(async () => {
        await database?.drop();
      });

      it('v1: creates the tables on an empty database and leaves a table it does not know alone', async () => {
        // A Strapi admin table that was there before platform ever ran.
        const knex = knexFactory({ ...knexClient(client), connection: database.config.connection.connection });
        try {
          await knex.schema.createTable('admin_users', (t) => {
            t.increments('id');
            t.string('firstname');
            t.string('email');
          });
          await knex('admin_users').insert(unknownRows);
          unknownSchema = tableIn(await schemaSnapshot(knex, client), 'admin_users');
        } finally {
          await knex.destroy();
        }

        const { platform, warnings } = await boot(appDir('v1'), database);
        try {
          expect(warnings).to.deep.equal([]);
          const knexV1 = platform.db.knex;
          const schema = await schemaSnapshot(knexV1, client);
          expect(schema.notes?.columns.map((c) => c.name)).to.deep.equal(['id', 'title', 'body', 'ref', 'rank', 'created_at', 'updated_at', 'created_by_id', 'updated_by_id']);
          expect(schema.notes_author_links?.columns.map((c) => c.name)).to.deep.equal(['id', 'note_id', 'person_id', 'note_order']);
          expect(schema.admin_users).to.deep.equal(unknownSchema);
          expect(await knexV1('admin_users').select('*').orderBy('id')).to.deep.equal(unknownRows);

          await knexV1('people').insert({ id: 1, name: 'Ann' });
          // `ref` repeats a value: v2 makes it a uid, whose unique index these rows cannot have.
          await knexV1('notes').insert([
            { id: 1, title: 'first', body: 'one', ref: 'same', rank: 3 },
            { id: 2, title: 'second', body: 'two', ref: 'same', rank: 5 },
          ]);
          await knexV1('notes_author_links').insert({ id: 1, note_id: 1, person_id: 1, note_order: 1 });
        } finally {
          await platform.destroy();
        }
      });

      it('v2: adds the new columns, index, tables, link and join tables, and keeps every row', async () => {
        const { platform, warnings } = await boot(appDir('v2'), database);
        try {
          expect(warnings).to.have.length(1);
          expect(warnings[0]).to.match(/^database: cannot create index "notes_ref_unique" \(ref\) of table "notes", it is left out: /);
          const knex = platform.db.knex;
          const schema = await schemaSnapshot(knex, client);
          expect(schema.notes?.columns.map((c) => c.name)).to.deep.equal(['id', 'title', 'body', 'ref', 'rank', 'created_at', 'updated_at', 'created_by_id', 'updated_by_id', 'summary', 'code']);
          expect(schema.notes?.indexes.notes_code_unique).to.deep.equal({ columns: ['code'], unique: true });
          expect(schema.notes?.indexes).to.not.have.property('notes_ref_unique');
          expect(schema.labels?.columns.map((c) => c.name)).to.deep.equal(['id', 'name', 'created_at', 'updated_at', 'created_by_id', 'updated_by_id']);
          expect(schema.notes_labels_links?.columns.map((c) => c.name)).to.deep.equal(['id', 'note_id', 'label_id', 'label_order', 'note_order']);
          expect(secondaryIndexNames('notes_labels_links', tableIn(schema, 'notes_labels_links'))).to.deep.equal([
            'notes_labels_links_fk',
            'notes_labels_links_inv_fk',
            // the extra list indexes of both ordered sides (not in Strapi's layout)
            'notes_labels_links_inv_list_index',
            'notes_labels_links_list_index',
            'notes_labels_links_order_fk',
            'notes_labels_links_order_inv_fk',
            'notes_labels_links_unique',
          ]);
          expect(schema.components_parts_steps?.columns.map((c) => c.name)).to.deep.equal(['id', 'text']);
          expect(schema.notes_components?.columns.map((c) => c.name)).to.deep.equal(['id', 'entity_id', 'component_id', 'component_type', 'field', 'order']);

          const notes = await knex('notes').select('id', 'title', 'body', 'ref', 'rank', 'summary', 'code').orderBy('id');
          expect(notes).to.deep.equal([
            { id: 1, title: 'first', body: 'one', ref: 'same', rank: 3, summary: null, code: null },
            { id: 2, title: 'second', body: 'two', ref: 'same', rank: 5, summary: null, code: null },
          ]);
          expect(await knex('notes_author_links').select('note_id', 'person_id', 'note_order')).to.deep.equal([{ note_id: 1, person_id: 1, note_order: 1 }]);
          expect(await knex('admin_users').select('*').orderBy('id')).to.deep.equal(unknownRows);

          await knex('notes').where({ id: 1 }).update({ summary: 'kept', code: 'first' });
          afterV2 = { schema: await schemaSnapshot(knex, client), rows: await rowsSnapshot(knex, ['notes', 'people', 'notes_author_links', 'admin_users']) };
        } finally {
          await platform.destroy();
        }
      });

      it('v3: a removed and a retyped attribute are reported, naming table and column, and nothing changes', async () => {
        const { platform, warnings } = await boot(appDir('v3'), database);
        try {
          const source = path.join(appDir('v3'), 'api', 'note', 'content-types', 'note', 'schema.json');
          expect(warnings.slice(0, 2)).to.deep.equal([
            `database: Table "notes": column "rank" is ${client === 'sqlite' ? 'integer' : client === 'mysql' ? 'int' : 'integer'} in the database but the schema (${source}) wants string; the column is kept as it is (change it by hand if the data allows)`,
            `database: Table "notes": column "summary" is not in the schema (${source}); it is kept with its data (drop it by hand if it is no longer needed)`,
          ]);
          // the uid index is still impossible, and still reported
          expect(warnings.slice(2)).to.have.length(1);
          expect(warnings[2]).to.match(/^database: cannot create index "notes_ref_unique" \(ref\) of table "notes", it is left out: /);
          const knex = platform.db.knex;
          expect(await schemaSnapshot(knex, client)).to.deep.equal(afterV2.schema);
          expect(await rowsSnapshot(knex, ['notes', 'people', 'notes_author_links', 'admin_users'])).to.deep.equal(afterV2.rows);
        } finally {
          await platform.destroy();
        }
      });
    });
  });
}
