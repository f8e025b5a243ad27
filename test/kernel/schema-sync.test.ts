/**
 * Schema sync on every database: the example app gets Strapi v4's exact layout (compared with
 * the DDL of the layout document), an added attribute becomes a column with the data kept, a
 * removed or retyped attribute is only reported, unknown tables are left alone, and a second
 * boot changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { createLogger, Platform, type DatabaseClient } from '@platform/core';
import { EXAMPLE_APP, startApp } from '../helpers/app';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { rowsSnapshot, schemaSnapshot, secondaryIndexNames, sqlStatements, type TableSnapshot } from '../helpers/db-snapshot';
import { syncSchema } from '../../core/src/database/schema-sync';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const appDir = (version: string) => path.join(FIXTURES, `sync-app-${version}`);

/** The tables the kernel itself makes for the example app (plugins may add more, e.g. `i18n_locale`). */
const EXAMPLE_APP_TABLES = [
  'articles', 'articles_author_links', 'articles_category_links', 'articles_components', 'articles_related_links',
  'articles_tags_links', 'categories', 'components_shared_meta_tags', 'components_shared_quotes',
  'components_shared_rich_texts', 'components_shared_seos', 'components_shared_seos_components', 'globals',
  'globals_components', 'profiles', 'strapi_core_store_settings', 'strapi_database_schema', 'strapi_migrations',
  'tags', 'writers', 'writers_profile_links',
];

/** What the SQLite types of the layout DDL are on the servers (`float` is double, or decimal for a decimal attribute). */
const SERVER_TYPES: Record<string, Record<'mysql' | 'postgres', string>> = {
  varchar: { mysql: 'varchar', postgres: 'character varying' },
  text: { mysql: 'longtext', postgres: 'text' },
  integer: { mysql: 'int', postgres: 'integer' },
  bigint: { mysql: 'bigint', postgres: 'bigint' },
  float: { mysql: 'double', postgres: 'double precision' },
  decimal: { mysql: 'decimal', postgres: 'numeric' },
  boolean: { mysql: 'tinyint', postgres: 'boolean' },
  // MariaDB's JSON is an alias of LONGTEXT with a validity check
  json: { mysql: 'longtext', postgres: 'jsonb' },
  date: { mysql: 'date', postgres: 'date' },
  datetime: { mysql: 'datetime', postgres: 'timestamp with time zone' },
};
const DECIMAL_COLUMNS = new Set(['articles.price']);
/**
 * The i18n plugin makes the uid indexes of localized types cover `locale` too (schema option
 * `uniqueIndexScope`), so that a slug is unique per locale: the one place where a database
 * platform creates differs from Strapi's layout (Strapi's index is on the uid column alone).
 */
const LOCALE_SCOPED_INDEXES = new Set(['articles.articles_slug_unique']);

async function layoutDocumentSchema(): Promise<Record<string, TableSnapshot>> {
  const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
  try {
    const sql = fs.readFileSync(path.join(FIXTURES, 'strapi-sample', 'strapi-v4-sample.sql'), 'utf8');
    for (const statement of sqlStatements(sql)) await knex.raw(statement);
    return await schemaSnapshot(knex, 'sqlite');
  } finally {
    await knex.destroy();
  }
}

function expectedType(table: string, column: string, sqliteType: string, client: DatabaseClient): string {
  if (client === 'sqlite') return sqliteType;
  const key = sqliteType === 'float' && DECIMAL_COLUMNS.has(`${table}.${column}`) ? 'decimal' : sqliteType;
  return SERVER_TYPES[key][client];
}

/** Boots a platform (no HTTP) with a logger whose warnings the test reads. */
async function boot(dir: string, database: TestDatabase): Promise<{ platform: Platform; warnings: string[] }> {
  const lines: string[] = [];
  const platform = new Platform({ appDir: dir, logger: createLogger('warn', (line) => lines.push(line)), config: { database: database.config } });
  try {
    await platform.start();
  } catch (error) {
    await platform.destroy();
    throw error;
  }
  return { platform, warnings: lines.filter((line) => line.includes(' WARN ')).map((line) => line.replace(/^\[[^\]]+\] WARN /, '')) };
}

async function foreignKeys(knex: Knex, client: DatabaseClient, table: string): Promise<Array<{ name: string; column: string; target: string; onDelete: string }>> {
  if (client === 'mysql') {
    const [rows] = await knex.raw(
      `select k.CONSTRAINT_NAME as name, k.COLUMN_NAME as col, k.REFERENCED_TABLE_NAME as target, r.DELETE_RULE as on_delete
       from information_schema.KEY_COLUMN_USAGE k join information_schema.REFERENTIAL_CONSTRAINTS r
         on r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA and r.CONSTRAINT_NAME = k.CONSTRAINT_NAME
       where k.TABLE_SCHEMA = database() and k.TABLE_NAME = ? order by k.CONSTRAINT_NAME`,
      [table],
    );
    return rows.map((r: Record<string, string>) => ({ name: r.name, column: r.col, target: r.target, onDelete: r.on_delete }));
  }
  const { rows } = await knex.raw(
    `select c.conname as name, a.attname as col, t.relname as target, c.confdeltype as on_delete
     from pg_constraint c join pg_class s on s.oid = c.conrelid join pg_class t on t.oid = c.confrelid
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and s.relname = ? and s.relnamespace = (select oid from pg_namespace where nspname = current_schema())
     order by c.conname`,
    [table],
  );
  return rows.map((r: Record<string, string>) => ({ name: r.name, column: r.col, target: r.target, onDelete: r.on_delete === 'c' ? 'CASCADE' : r.on_delete }));
}

for (const client of testClients()) {
  describe(`schema sync [${client}]`, function () {
    this.timeout(60000);

    describe('the example app on an empty database', () => {
      let app: Awaited<ReturnType<typeof startApp>>;
      let layout: Record<string, TableSnapshot>;
      let actual: Record<string, TableSnapshot>;

      before(async () => {
        layout = await layoutDocumentSchema();
        app = await startApp({ client });
        actual = await schemaSnapshot(app.knex, client);
      });
      after(async () => {
        await app?.close();
      });

      it('creates every table the kernel owns for the model, and none that the layout document lacks', () => {
        for (const table of EXAMPLE_APP_TABLES) expect(actual, table).to.have.property(table);
        const unknown = Object.keys(actual).filter((table) => !(table in layout));
        expect(unknown).to.deep.equal([]);
      });

      it('gives each table the columns of the layout document, in order, with the native types', () => {
        for (const [table, snapshot] of Object.entries(actual)) {
          const expected = layout[table].columns.map((c) => ({
            name: c.name,
            type: expectedType(table, c.name, c.type, client),
            nullable: c.name !== 'id',
          }));
          expect(snapshot.columns, table).to.deep.equal(expected);
        }
      });

      it('gives each table the indexes of the layout document (names, columns, uniqueness)', () => {
        for (const [table, snapshot] of Object.entries(actual)) {
          const names = secondaryIndexNames(table, snapshot);
          expect(names, table).to.deep.equal(secondaryIndexNames(table, layout[table]));
          for (const name of names) {
            const expected = layout[table].indexes[name];
            const columns = LOCALE_SCOPED_INDEXES.has(`${table}.${name}`) ? [...expected.columns, 'locale'] : expected.columns;
            expect(snapshot.indexes[name], `${table}.${name}`).to.deep.equal({ ...expected, columns });
          }
        }
      });

      it('records the synced schema in strapi_database_schema (one row: schema, time, hash)', async () => {
        const rows = await app.knex('strapi_database_schema').select('*');
        expect(rows).to.have.length(1);
        const schema = typeof rows[0].schema === 'string' ? JSON.parse(rows[0].schema) : rows[0].schema;
        const articles = schema.tables.find((t: { name: string }) => t.name === 'articles');
        expect(articles.columns.map((c: { name: string }) => c.name)).to.deep.equal(actual.articles.columns.map((c) => c.name));
        expect(articles.indexes).to.deep.include({ name: 'articles_slug_unique', columns: actual.articles.indexes.articles_slug_unique.columns, type: 'unique' });
        expect(rows[0].hash).to.match(/^[0-9a-f]{32}$/);
        expect(rows[0].time).to.not.equal(null);
      });

      if (client !== 'sqlite') {
        it('links link and join tables to their entity tables with cascading foreign keys', async () => {
          expect(await foreignKeys(app.knex, client, 'articles_tags_links')).to.deep.equal([
            { name: 'articles_tags_links_fk', column: 'article_id', target: 'articles', onDelete: 'CASCADE' },
            { name: 'articles_tags_links_inv_fk', column: 'tag_id', target: 'tags', onDelete: 'CASCADE' },
          ]);
          expect(await foreignKeys(app.knex, client, 'articles_components')).to.deep.equal([
            { name: 'articles_entity_fk', column: 'entity_id', target: 'articles', onDelete: 'CASCADE' },
          ]);
          const articleId = 901;
          const tagId = 902;
          await app.knex('articles').insert({ id: articleId, title: 'a' });
          await app.knex('tags').insert({ id: tagId, name: 't' });
          await app.knex('articles_tags_links').insert({ article_id: articleId, tag_id: tagId, tag_order: 1, article_order: 1 });
          await app.knex('articles_components').insert({ entity_id: articleId, component_id: 1, component_type: 'shared.seo', field: 'seo', order: 1 });
          await app.knex('articles').where({ id: articleId }).delete();
          expect(await app.knex('articles_tags_links').select('id')).to.deep.equal([]);
          expect(await app.knex('articles_components').select('id')).to.deep.equal([]);
        });
      }
    });

    describe('a second boot on the same database', () => {
      let database: TestDatabase;
      before(async () => {
        database = await createTestDatabase(client);
      });
      after(async () => {
        await database?.drop();
      });

      it('changes nothing: same schema, same stored schema row, and a sync that only reads', async () => {
        const first = await startApp({ client, database });
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
        const boots = await Promise.allSettled([1, 2, 3].map(() => boot(appDir('v2'), database)));
        try {
          expect(boots.map((b) => (b.status === 'fulfilled' ? 'started' : String(b.reason)))).to.deep.equal(['started', 'started', 'started']);
          const first = boots[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof boot>>>;
          for (const b of boots) expect((b as typeof first).value.warnings).to.deep.equal([]);
          expect(await schemaSnapshot(first.value.platform.db.knex, client)).to.deep.equal(expected);
        } finally {
          for (const b of boots) if (b.status === 'fulfilled') await b.value.platform.destroy();
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
        const knex = knexFactory({ ...(client === 'sqlite' ? { client: 'better-sqlite3', useNullAsDefault: true } : { client: client === 'mysql' ? 'mysql2' : 'pg' }), connection: database.config.connection.connection });
        try {
          await knex.schema.createTable('admin_users', (t) => {
            t.increments('id');
            t.string('firstname');
            t.string('email');
          });
          await knex('admin_users').insert(unknownRows);
          unknownSchema = (await schemaSnapshot(knex, client)).admin_users;
        } finally {
          await knex.destroy();
        }

        const { platform, warnings } = await boot(appDir('v1'), database);
        try {
          expect(warnings).to.deep.equal([]);
          const knexV1 = platform.db.knex;
          const schema = await schemaSnapshot(knexV1, client);
          expect(schema.notes.columns.map((c) => c.name)).to.deep.equal(['id', 'title', 'body', 'ref', 'rank', 'created_at', 'updated_at', 'created_by_id', 'updated_by_id']);
          expect(schema.notes_author_links.columns.map((c) => c.name)).to.deep.equal(['id', 'note_id', 'person_id', 'note_order']);
          expect(schema.admin_users).to.deep.equal(unknownSchema);
          expect(await knexV1('admin_users').select('*').orderBy('id')).to.deep.equal(unknownRows);

          await knexV1('people').insert({ id: 1, name: 'Ann' });
          // `ref` repeats a value: v2 makes it a uid, whose unique index these rows cannot have.
          await knexV1('notes').insert([{ id: 1, title: 'first', body: 'one', ref: 'same', rank: 3 }, { id: 2, title: 'second', body: 'two', ref: 'same', rank: 5 }]);
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
          expect(schema.notes.columns.map((c) => c.name)).to.deep.equal([
            'id', 'title', 'body', 'ref', 'rank', 'created_at', 'updated_at', 'created_by_id', 'updated_by_id', 'summary', 'code',
          ]);
          expect(schema.notes.indexes.notes_code_unique).to.deep.equal({ columns: ['code'], unique: true });
          expect(schema.notes.indexes).to.not.have.property('notes_ref_unique');
          expect(schema.labels.columns.map((c) => c.name)).to.deep.equal(['id', 'name', 'created_at', 'updated_at', 'created_by_id', 'updated_by_id']);
          expect(schema.notes_labels_links.columns.map((c) => c.name)).to.deep.equal(['id', 'note_id', 'label_id', 'label_order', 'note_order']);
          expect(secondaryIndexNames('notes_labels_links', schema.notes_labels_links)).to.deep.equal([
            'notes_labels_links_fk', 'notes_labels_links_inv_fk', 'notes_labels_links_order_fk', 'notes_labels_links_order_inv_fk', 'notes_labels_links_unique',
          ]);
          expect(schema.components_parts_steps.columns.map((c) => c.name)).to.deep.equal(['id', 'text']);
          expect(schema.notes_components.columns.map((c) => c.name)).to.deep.equal(['id', 'entity_id', 'component_id', 'component_type', 'field', 'order']);

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
