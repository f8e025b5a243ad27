/**
 * The credentials the bench's authenticated workloads send, made once on the bench database
 * before the runs (the server process shares the database and the secrets of BENCH_SECRETS).
 */
import type { Platform } from '@platform/core';
import type { ApiTokensService } from '@platform/api-tokens';
import type { EntityService } from '@platform/query-engine';
import { USER_UID, type JwtService } from '@platform/users-permissions';

export type Credentials = Partial<Record<'api-token' | 'jwt' | 'admin', string>>;

const TOKEN_NAME = 'bench';
const BENCH_USER = { username: 'bench-user', email: 'bench-user@example.com', password: 'Bench-passw0rd', provider: 'local', confirmed: true, blocked: false };

/** A JWT of the bench user (made the first time, of the authenticated role). */
async function benchJwt(platform: Platform): Promise<string> {
  const existing = await platform.db.knex('up_users').where('username', BENCH_USER.username).first('id');
  let id = existing ? Number(existing.id) : null;
  if (id === null) {
    const role = await platform.db.knex('up_roles').where('type', 'authenticated').first('id');
    const created = await platform.service<EntityService>('plugin::query-engine.entity-service').create(USER_UID, { data: { ...BENCH_USER, role: role.id } });
    id = Number(created.id);
  }
  return platform.plugin('users-permissions').service<JwtService>('jwt').issue({ id });
}

const BENCH_ADMIN = 'bench-editor@example.com';

/** A session of an Editor of the admin panel (made the first time). */
async function benchAdminSession(platform: Platform): Promise<string> {
  const knex = platform.db.knex;
  let row = await knex('admin_users').where('email', BENCH_ADMIN).first('id');
  if (!row) {
    const now = new Date();
    await knex('admin_users').insert({ email: BENCH_ADMIN, firstname: 'Bench', is_active: true, blocked: false, created_at: now, updated_at: now });
    row = await knex('admin_users').where('email', BENCH_ADMIN).first('id');
    const editor = await knex('admin_roles').where('code', 'strapi-editor').first('id');
    await knex('admin_users_roles_links').insert({ user_id: row.id, role_id: editor.id, role_order: 1, user_order: 1 });
  }
  return platform.plugin('admin').service<{ issue(id: number): string }>('sessions').issue(Number(row.id));
}

export async function benchCredentials(platform: Platform): Promise<Credentials> {
  const credentials: Credentials = {};
  if (platform.isPluginEnabled('api-tokens')) {
    const tokens = platform.service<ApiTokensService>('plugin::api-tokens.api-tokens');
    // the data set is kept between runs; its token's secret is not: make it again
    const old = (await tokens.list()).find((token) => token.name === TOKEN_NAME);
    if (old) await tokens.revoke(old.id);
    credentials['api-token'] = (await tokens.create({ name: TOKEN_NAME, type: 'read-only' })).accessKey;
  }
  if (platform.isPluginEnabled('users-permissions')) credentials.jwt = await benchJwt(platform);
  if (platform.isPluginEnabled('admin')) credentials.admin = await benchAdminSession(platform);
  return credentials;
}
