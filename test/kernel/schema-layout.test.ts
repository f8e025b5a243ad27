/**
 * The example app on an empty database gets Strapi v4's exact layout on every database: the
 * tables, columns (in order, native types) and indexes of the layout document's DDL, the
 * stored schema row, and on MariaDB/PostgreSQL cascading foreign keys on link and join tables.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assert, expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseClient } from '@platform/core';
import { startApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { schemaSnapshot, secondaryIndexNames, sqlStatements, tableIn, type TableSnapshot } from '../helpers/db-snapshot';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');

/** The tables the kernel itself makes for the example app (plugins may add more, e.g. `i18n_locale`). */
const EXAMPLE_APP_TABLES = [
  'articles',
  'articles_author_links',
  'articles_category_links',
  'articles_components',
  'articles_related_links',
  'articles_tags_links',
  'categories',
  'components_shared_meta_tags',
  'components_shared_quotes',
  'components_shared_rich_texts',
  'components_shared_seos',
  'components_shared_seos_components',
  'globals',
  'globals_components',
  'profiles',
  'strapi_core_store_settings',
  'strapi_database_schema',
  'strapi_migrations',
  'tags',
  'writers',
  'writers_profile_links',
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
  // MariaDB's JSON is an alias of LONGTEXT with a validity check; PostgreSQL gets `json`, which
  // keeps object keys in the order written (Strapi's own jsonb columns are served as they are)
  json: { mysql: 'longtext', postgres: 'json' },
  date: { mysql: 'date', postgres: 'date' },
  datetime: { mysql: 'datetime', postgres: 'timestamp with time zone' },
};
/** Columns the SQLite dump shows as `float` that Strapi declares `decimal` (`decimal(10,2)` on the servers). */
const DECIMAL_COLUMNS = new Set(['articles.price', 'files.size']);
/**
 * The i18n plugin makes the uid indexes of localized types cover `locale` too (schema option
 * `uniqueIndexScope`), so that a slug is unique per locale: the one place where a database
 * platform creates differs from Strapi's layout (Strapi's index is on the uid column alone).
 */
const LOCALE_SCOPED_INDEXES = new Set(['articles.articles_slug_unique']);
/**
 * Indexes the example app declares in its schemas (`indexes`) besides Strapi's layout: extra
 * indexes a user wants for a filter or a sort (articles by views); they change nothing else.
 */
const APP_DECLARED_INDEXES: Record<string, { name: string; columns: string[]; unique: boolean }[]> = {
  articles: [{ name: 'articles_views_index', columns: ['views'], unique: false }],
};

/**
 * The extra indexes the schema sync gives a link table beside Strapi's (one per ordered side:
 * the owner id then the order of its list), derived from Strapi's own indexes of that table.
 */
function linkListIndexes(table: string, documented: TableSnapshot): { name: string; columns: string[]; unique: boolean }[] {
  const sides = [
    { name: `${table}_list_index`, owner: `${table}_fk`, order: `${table}_order_fk` },
    { name: `${table}_inv_list_index`, owner: `${table}_inv_fk`, order: `${table}_order_inv_fk` },
  ];
  return sides.flatMap((side) => {
    const owner = documented.indexes[side.owner]?.columns[0];
    const order = documented.indexes[side.order]?.columns[0];
    return owner !== undefined && order !== undefined ? [{ name: side.name, columns: [owner, order], unique: false }] : [];
  });
}

/** The layout document's `strapi_webhooks` (its "Media folders and webhooks" section), which the sample dump lacks. */
const STRAPI_WEBHOOKS_DDL =
  'CREATE TABLE `strapi_webhooks` (`id` integer not null primary key autoincrement, `name` varchar(255) null, `url` text null, `headers` json null, `events` json null, `enabled` boolean null)';

/** Tables platform keeps beside Strapi's layout: the webhooks plugin's outbox and signing secrets. */
const PLATFORM_TABLES = new Set(['platform_webhook_deliveries', 'platform_webhook_secrets', 'platform_cron_runs']);

async function layoutDocumentSchema(): Promise<Record<string, TableSnapshot>> {
  const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
  try {
    const sql = fs.readFileSync(path.join(FIXTURES, 'strapi-sample', 'strapi-v4-sample.sql'), 'utf8');
    for (const statement of [...sqlStatements(sql), STRAPI_WEBHOOKS_DDL]) await knex.raw(statement);
    return await schemaSnapshot(knex, 'sqlite');
  } finally {
    await knex.destroy();
  }
}

function expectedType(table: string, column: string, sqliteType: string, client: DatabaseClient): string {
  if (client === 'sqlite') return sqliteType;
  const key = sqliteType === 'float' && DECIMAL_COLUMNS.has(`${table}.${column}`) ? 'decimal' : sqliteType;
  const types = SERVER_TYPES[key];
  if (!types) throw new Error(`no server type for ${table}.${column} (${sqliteType})`);
  return types[client];
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
  describe(`schema layout [${client}]`, function () {
    this.timeout(60000);

    describe('the example app on an empty database', () => {
      let app: Awaited<ReturnType<typeof startApp>>;
      let layout: Record<string, TableSnapshot>;
      let actual: Record<string, TableSnapshot>;

      before(async () => {
        layout = await layoutDocumentSchema();
        app = await startApp({ client });
        // the admin panel's tables are Strapi's admin tables, which the layout document leaves out
        // (they are checked in test/admin/); the kernel's sync makes none of them
        actual = Object.fromEntries(Object.entries(await schemaSnapshot(app.knex, client)).filter(([table]) => !PLATFORM_TABLES.has(table) && !table.startsWith('admin_')));
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
          const expected = tableIn(layout, table).columns.map((c) => ({
            name: c.name,
            type: expectedType(table, c.name, c.type, client),
            nullable: c.name !== 'id',
          }));
          expect(snapshot.columns, table).to.deep.equal(expected);
        }
      });

      it('gives each table the indexes of the layout document (names, columns, uniqueness)', () => {
        for (const [table, snapshot] of Object.entries(actual)) {
          const documented = tableIn(layout, table);
          const declared = [...(APP_DECLARED_INDEXES[table] ?? []), ...linkListIndexes(table, documented)];
          for (const index of declared) expect(snapshot.indexes[index.name], `${table}.${index.name}`).to.deep.include({ columns: index.columns, unique: index.unique });
          const names = secondaryIndexNames(table, snapshot).filter((name) => !declared.some((index) => index.name === name));
          expect(names, table).to.deep.equal(secondaryIndexNames(table, documented));
          for (const name of names) {
            const expected = documented.indexes[name];
            assert.exists(expected, `${table}.${name}`);
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
        const synced = tableIn(actual, 'articles');
        expect(articles.columns.map((c: { name: string }) => c.name)).to.deep.equal(synced.columns.map((c) => c.name));
        expect(articles.indexes).to.deep.include({ name: 'articles_slug_unique', columns: synced.indexes.articles_slug_unique?.columns, type: 'unique' });
        expect(rows[0].hash).to.match(/^[0-9a-f]{32}$/);
        expect(rows[0].time).to.not.equal(null);
      });

      if (client !== 'sqlite') {
        it('links link and join tables to their entity tables with cascading foreign keys', async () => {
          expect(await foreignKeys(app.knex, client, 'articles_tags_links')).to.deep.equal([
            { name: 'articles_tags_links_fk', column: 'article_id', target: 'articles', onDelete: 'CASCADE' },
            { name: 'articles_tags_links_inv_fk', column: 'tag_id', target: 'tags', onDelete: 'CASCADE' },
          ]);
          expect(await foreignKeys(app.knex, client, 'articles_components')).to.deep.equal([{ name: 'articles_entity_fk', column: 'entity_id', target: 'articles', onDelete: 'CASCADE' }]);
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
  });
}
