/**
 * Tokens an existing Strapi v4 database holds keep working unchanged: rows written as Strapi
 * writes them (its hashing scheme with the project's salt, its datetimes, a custom token's
 * permissions and links) authenticate with the same secrets, on each database; on SQLite also
 * from the tables as Strapi v4.26.2 created them (the layout document's DDL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { testClients, createTestDatabase, type TestDatabase } from '../helpers/databases';
import { sqlStatements } from '../helpers/db-snapshot';
import { startApp, type TestApp } from '../helpers/app';
import { bearer, startTokenApp, strapiAccessKey, tokenAppOptions } from './token-helpers';

const STRAPI_SALT = 'a-strapi-projects-api-token-salt==';
const SECRETS = { readOnly: 'ab'.repeat(128), custom: 'cd'.repeat(128), expired: 'ef'.repeat(128) };
const SAMPLE_SQL = path.resolve(__dirname, '..', 'fixtures', 'strapi-sample', 'strapi-v4-sample.sql');
const T1 = new Date(Date.UTC(2024, 0, 15, 9, 30, 0, 123));

/** The rows a Strapi v4 admin leaves after creating three tokens (SQLite gets epoch milliseconds, as Strapi writes them). */
async function writeStrapiTokens(knex: Knex, client: string): Promise<void> {
  const at = (date: Date) => (client === 'sqlite' ? date.getTime() : date);
  const stamps = { created_at: at(T1), updated_at: at(T1), created_by_id: null, updated_by_id: null };
  await knex('strapi_api_tokens').insert([
    { id: 1, name: 'Read only', description: '', type: 'read-only', access_key: strapiAccessKey(STRAPI_SALT, SECRETS.readOnly), last_used_at: null, expires_at: null, lifespan: null, ...stamps },
    {
      id: 2,
      name: 'Categories',
      description: 'list and create',
      type: 'custom',
      access_key: strapiAccessKey(STRAPI_SALT, SECRETS.custom),
      last_used_at: null,
      expires_at: at(new Date(Date.now() + 86400000)),
      lifespan: 7776000000,
      ...stamps,
    },
    {
      id: 3,
      name: 'Old',
      description: '',
      type: 'full-access',
      access_key: strapiAccessKey(STRAPI_SALT, SECRETS.expired),
      last_used_at: at(T1),
      expires_at: at(new Date(T1.getTime() + 604800000)),
      lifespan: 604800000,
      ...stamps,
    },
  ]);
  await knex('strapi_api_token_permissions').insert([
    { id: 1, action: 'api::category.category.find', created_at: at(T1), updated_at: at(T1), created_by_id: null, updated_by_id: null },
    { id: 2, action: 'api::category.category.create', created_at: at(T1), updated_at: at(T1), created_by_id: null, updated_by_id: null },
  ]);
  await knex('strapi_api_token_permissions_token_links').insert([
    { id: 1, api_token_permission_id: 1, api_token_id: 2, api_token_permission_order: 1 },
    { id: 2, api_token_permission_id: 2, api_token_id: 2, api_token_permission_order: 2 },
  ]);
}

function knexOf(database: TestDatabase): Knex {
  const { client, connection } = database.config.connection;
  return knexFactory(client === 'sqlite' ? { client: 'better-sqlite3', connection, useNullAsDefault: true } : { client: client === 'mysql' ? 'mysql2' : 'pg', connection });
}

/** What the Strapi tokens may do, asked over HTTP. */
async function checkStrapiTokens(app: TestApp): Promise<void> {
  expect((await app.get('/api/categories', bearer(SECRETS.readOnly))).status).to.equal(200);
  expect(await app.post('/api/categories', { data: { name: 'no' } }, bearer(SECRETS.readOnly))).to.deep.include({ status: 403 });
  expect((await app.get('/api/categories', bearer(SECRETS.custom))).status).to.equal(200);
  const created = await app.post('/api/categories', { data: { name: 'From Strapi token' } }, bearer(SECRETS.custom));
  expect(created.status, created.text).to.equal(200);
  expect((await app.get(`/api/categories/${created.body.data.id}`, bearer(SECRETS.custom))).status).to.equal(403);
  expect((await app.get('/api/categories', bearer(SECRETS.expired))).body.error).to.deep.include({ status: 401, message: 'Token expired' });
  // the plugin's own view of them
  const tokens = await app.platform.service('plugin::api-tokens.api-tokens').list();
  expect(tokens.map((t) => ({ id: t.id, name: t.name, type: t.type, permissions: t.permissions, createdAt: t.createdAt }))).to.deep.equal([
    { id: 1, name: 'Read only', type: 'read-only', permissions: [], createdAt: T1.toISOString() },
    { id: 2, name: 'Categories', type: 'custom', permissions: ['api::category.category.find', 'api::category.category.create'], createdAt: T1.toISOString() },
    { id: 3, name: 'Old', type: 'full-access', permissions: [], createdAt: T1.toISOString() },
  ]);
  // a token the database never saw with this salt is no token
  expect((await app.get('/api/categories', bearer('12'.repeat(128)))).status).to.equal(401);
}

describe('API tokens of an existing Strapi v4 database', function () {
  this.timeout(60000);

  for (const client of testClients()) {
    it(`authenticate unchanged with the project's salt [${client}]`, async () => {
      const database = await createTestDatabase(client);
      try {
        // the tables as a first start makes them (the same as Strapi's), then Strapi's rows
        const first = await startTokenApp({ database, config: { salt: STRAPI_SALT } });
        await first.stop();
        const knex = knexOf(database);
        try {
          await writeStrapiTokens(knex, client);
        } finally {
          await knex.destroy();
        }
        const app = await startTokenApp({ database, config: { salt: STRAPI_SALT } });
        try {
          await checkStrapiTokens(app);
        } finally {
          await app.stop();
        }
      } finally {
        await database.drop();
      }
    });
  }

  it("authenticate from the tables as Strapi v4.26.2 created them, read with config/admin's apiToken.salt [sqlite]", async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const knex = knexOf(database);
      const ddl = sqlStatements(fs.readFileSync(SAMPLE_SQL, 'utf8')).filter((statement) => /strapi_api_token/.test(statement));
      try {
        expect(ddl).to.have.length(3 + 8);
        for (const statement of ddl) await knex.raw(statement);
        await writeStrapiTokens(knex, 'sqlite');
      } finally {
        await knex.destroy();
      }
      // a Strapi project keeps the salt in config/admin.js (`apiToken.salt`); no plugin salt is set here
      const app = await startApp({ database, ...tokenAppOptions({ salt: undefined }, { admin: { apiToken: { salt: STRAPI_SALT } } }) });
      try {
        await checkStrapiTokens(app);
        const columns = await app.knex.raw("select sql from sqlite_master where name = 'strapi_api_tokens'");
        expect(columns[0].sql).to.equal(ddl.find((s) => s.startsWith('CREATE TABLE "strapi_api_tokens"')));
      } finally {
        await app.stop();
      }
    } finally {
      await database.drop();
    }
  });
});
