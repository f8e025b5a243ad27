/**
 * An existing Strapi v4 SQLite database with users, made here from Strapi's layout (the DDL of
 * its `up_*` tables) and hashing scheme (bcryptjs, 10 rounds, `$2a$`): its users log in
 * unchanged with their passwords, keep their roles and permissions, and the tables keep
 * Strapi's columns and rows (one column is added: the time of a password change).
 */
import { assert, expect } from 'chai';
import bcrypt from 'bcryptjs';
import knexFactory, { type Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, startAuthApp } from './helpers';

const STRAPI_DDL = [
  'CREATE TABLE "up_permissions" (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `action` varchar(255) NULL, `created_at` datetime NULL, `updated_at` datetime NULL, `created_by_id` integer NULL, `updated_by_id` integer NULL)',
  'CREATE TABLE "up_permissions_role_links" (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `permission_id` integer NULL, `role_id` integer NULL, `permission_order` float NULL)',
  'CREATE TABLE "up_roles" (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `name` varchar(255) NULL, `description` varchar(255) NULL, `type` varchar(255) NULL, `created_at` datetime NULL, `updated_at` datetime NULL, `created_by_id` integer NULL, `updated_by_id` integer NULL)',
  'CREATE TABLE "up_users" (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `username` varchar(255) NULL, `email` varchar(255) NULL, `provider` varchar(255) NULL, `password` varchar(255) NULL, `reset_password_token` varchar(255) NULL, `confirmation_token` varchar(255) NULL, `confirmed` boolean NULL, `blocked` boolean NULL, `created_at` datetime NULL, `updated_at` datetime NULL, `created_by_id` integer NULL, `updated_by_id` integer NULL)',
  'CREATE TABLE "up_users_role_links" (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `user_id` integer NULL, `role_id` integer NULL, `user_order` float NULL)',
  'CREATE UNIQUE INDEX `up_users_role_links_unique` on `up_users_role_links` (`user_id`, `role_id`)',
  'CREATE UNIQUE INDEX `up_permissions_role_links_unique` on `up_permissions_role_links` (`permission_id`, `role_id`)',
  'CREATE TABLE `strapi_core_store_settings` (`id` integer not null primary key autoincrement, `key` varchar(255) null, `value` text null, `type` varchar(255) null, `environment` varchar(255) null, `tag` varchar(255) null)',
];

/** Strapi's advanced settings row, with email confirmation switched on. */
const ADVANCED = {
  unique_email: true,
  allow_register: true,
  email_confirmation: true,
  email_reset_password: 'https://front.example.com/reset',
  email_confirmation_redirection: null,
  default_role: 'authenticated',
};

/** What Strapi v4 writes: epoch milliseconds for datetimes on SQLite, 1/0 booleans. */
async function seedStrapi(knex: Knex): Promise<void> {
  for (const statement of STRAPI_DDL) await knex.raw(statement);
  const at = Date.parse('2024-03-01T10:00:00.000Z');
  await knex('up_roles').insert([
    { id: 1, name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated', created_at: at, updated_at: at },
    { id: 2, name: 'Public', description: 'Default role given to unauthenticated user.', type: 'public', created_at: at, updated_at: at },
  ]);
  const actions: Array<[string, number]> = [
    ['plugin::users-permissions.user.me', 1],
    ['plugin::users-permissions.auth.changePassword', 1],
    ['api::tag.tag.find', 1],
    ['plugin::users-permissions.auth.callback', 2],
    ['plugin::users-permissions.auth.register', 2],
    ['api::category.category.find', 2],
  ];
  for (const [index, [action, role]] of actions.entries()) {
    await knex('up_permissions').insert({ id: index + 1, action, created_at: at, updated_at: at });
    await knex('up_permissions_role_links').insert({ permission_id: index + 1, role_id: role, permission_order: index + 1 });
  }
  // bcryptjs 2.x as Strapi v4 used it wrote `$2a$` hashes of 10 rounds (the same algorithm as `$2b$`)
  const hash = (password: string) => bcrypt.hashSync(password, 10).replace(/^\$2b\$/, '$2a$');
  await knex('up_users').insert([
    { id: 1, username: 'strapi-user', email: 'old@example.com', provider: 'local', password: hash('0ld-strapi-pass'), confirmed: 1, blocked: 0, created_at: at, updated_at: at },
    { id: 2, username: 'blocked-user', email: 'blocked@example.com', provider: 'local', password: hash('0ld-strapi-pass'), confirmed: 1, blocked: 1, created_at: at, updated_at: at },
    { id: 3, username: 'unconfirmed-user', email: 'unconfirmed@example.com', provider: 'local', password: hash('0ld-strapi-pass'), confirmed: 0, blocked: 0, created_at: at, updated_at: at },
  ]);
  await knex('up_users_role_links').insert([
    { user_id: 1, role_id: 1, user_order: 1 },
    { user_id: 2, role_id: 1, user_order: 2 },
    { user_id: 3, role_id: 1, user_order: 3 },
  ]);
  await knex('strapi_core_store_settings').insert({ key: 'plugin_users-permissions_advanced', value: JSON.stringify(ADVANCED), type: 'object', environment: '', tag: '' });
}

describe('users-permissions on an existing Strapi v4 SQLite database', function () {
  this.timeout(60000);
  let database: TestDatabase;
  let app: TestApp;
  let before_: Record<string, unknown[]>;
  const tables = ['up_roles', 'up_permissions', 'up_permissions_role_links', 'up_users', 'up_users_role_links'];

  before(async () => {
    database = await createTestDatabase('sqlite');
    const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: (database.config.connection.connection as { filename: string }).filename }, useNullAsDefault: true });
    try {
      await seedStrapi(knex);
      before_ = {};
      for (const table of tables) before_[table] = await knex(table).orderBy('id').select();
    } finally {
      await knex.destroy();
    }
    app = await startAuthApp('sqlite', { permissions: {} }, { database });
  });
  after(async () => {
    await app?.stop();
    await database?.drop();
  });

  it("keeps Strapi's roles and permissions as they are (no second public role, nothing added)", async () => {
    for (const table of ['up_roles', 'up_permissions', 'up_permissions_role_links', 'up_users_role_links']) {
      expect(await app.knex(table).orderBy('id').select(), table).to.deep.equal(before_[table]);
    }
    const users = await app.knex('up_users').orderBy('id').select();
    const usersBefore = before_.up_users;
    assert.exists(usersBefore);
    expect(users.map(({ password_changed_at: added, ...strapi }: Record<string, unknown>) => ({ added, strapi }))).to.deep.equal(usersBefore.map((strapi) => ({ added: null, strapi })));
  });

  it("logs its users in with their Strapi passwords, by username or email, and serves their role's permissions", async () => {
    const login = await app.post('/api/auth/local', { identifier: 'strapi-user', password: '0ld-strapi-pass' });
    expect(login.status).to.equal(200);
    expect(login.body.user).to.deep.equal({
      id: 1,
      username: 'strapi-user',
      email: 'old@example.com',
      provider: 'local',
      confirmed: true,
      blocked: false,
      createdAt: '2024-03-01T10:00:00.000Z',
      updatedAt: '2024-03-01T10:00:00.000Z',
    });
    expect((await app.post('/api/auth/local', { identifier: 'OLD@example.com', password: '0ld-strapi-pass' })).status).to.equal(200);
    const jwt = login.body.jwt;
    expect((await app.get('/api/users/me', bearer(jwt))).body.username).to.equal('strapi-user');
    expect((await app.get('/api/tags', bearer(jwt))).status).to.equal(200);
    expect((await app.get('/api/categories')).status).to.equal(200);
    expect((await app.get('/api/tags')).status).to.equal(403);
    const wrong = await app.post('/api/auth/local', { identifier: 'strapi-user', password: 'not-the-password' });
    expect(wrong.body.error.message).to.equal('Invalid identifier or password');
    const blocked = await app.post('/api/auth/local', { identifier: 'blocked-user', password: '0ld-strapi-pass' });
    expect(blocked.body.error.message).to.equal('Your account has been blocked by an administrator');
  });

  it("applies Strapi's advanced settings row: an unconfirmed user cannot log in while email confirmation is on", async () => {
    const res = await app.post('/api/auth/local', { identifier: 'unconfirmed-user', password: '0ld-strapi-pass' });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.deep.equal({ status: 400, name: 'ApplicationError', message: 'Your account email is not confirmed', details: {} });
    const registered = await app.post('/api/auth/local/register', { username: 'newcomer', email: 'newcomer@example.com', password: 'Passw0rd!' });
    expect(Object.keys(registered.body)).to.deep.equal(['user']);
    expect(registered.body.user.confirmed).to.equal(false);
  });

  it("a Strapi user who changes the password gets a platform hash that still starts like Strapi's", async () => {
    const login = await app.post('/api/auth/local', { identifier: 'strapi-user', password: '0ld-strapi-pass' });
    const changed = await app.post(
      '/api/auth/change-password',
      { currentPassword: '0ld-strapi-pass', password: 'N3w-platform-pass', passwordConfirmation: 'N3w-platform-pass' },
      bearer(login.body.jwt),
    );
    expect(changed.status).to.equal(200);
    const row = await app.knex('up_users').where('id', 1).first();
    expect(row.password).to.match(/^\$2[ab]\$10\$/);
    expect(bcrypt.compareSync('N3w-platform-pass', row.password)).to.equal(true);
  });
});
