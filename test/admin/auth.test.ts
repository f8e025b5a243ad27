/**
 * The admin's authentication in Strapi v4's shapes, on each database: the first visit registers
 * the Super Admin (once), login answers `{ data: { token, user } }`, sessions are signed with
 * ADMIN_JWT_SECRET (a Content API token is no session) and expire, login is rate limited, and
 * administrators written by Strapi v4 (bcrypt hashes, its rows and links) log in unchanged.
 */
import { expect } from 'chai';
import bcrypt from 'bcryptjs';
import jwt from 'jsonwebtoken';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { ADMIN_SECRET, bearer, PASSWORD, startAdminApp } from './helpers';

const ROLE_SHAPE = { id: 1, name: 'Super Admin', code: 'strapi-super-admin', description: 'Super Admins can access and manage all features and settings.' };

for (const client of testClients()) {
  describe(`admin authentication (${client})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startAdminApp(client, { config: { plugins: { admin: { config: { rateLimit: { enabled: true, interval: 60000, max: 3 } } } } } });
    });
    after(() => app?.close());

    it('registers the first Super Admin once, and init says so', async () => {
      expect((await app.get('/admin/init')).body).to.deep.equal({ data: { uuid: false, hasAdmin: false, menuLogo: null, authLogo: null } });
      const weak = await app.post('/admin/register-admin', { email: 'root@example.com', password: 'short', firstname: 'Root' });
      expect(weak.status).to.equal(400);
      expect(weak.body.error).to.deep.include({ status: 400, name: 'ValidationError', message: 'password must be at least 8 characters' });
      const noUpper = await app.post('/admin/register-admin', { email: 'root@example.com', password: 'secret123', firstname: 'Root' });
      expect(noUpper.body.error.message).to.equal('password must contain at least one uppercase character');
      expect(await app.knex('admin_users').count({ n: '*' }).first()).to.satisfy((row: { n: unknown }) => Number(row.n) === 0);

      const res = await app.post('/admin/register-admin', { email: 'Root@Example.com', password: PASSWORD, firstname: 'Root', lastname: 'Admin' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.token).to.be.a('string');
      const { createdAt, updatedAt, ...user } = res.body.data.user;
      expect(user).to.deep.equal({
        id: 1,
        firstname: 'Root',
        lastname: 'Admin',
        username: null,
        email: 'root@example.com',
        isActive: true,
        blocked: false,
        preferedLanguage: null,
        roles: [ROLE_SHAPE],
      });
      expect(new Date(createdAt).getTime()).to.be.closeTo(Date.now(), 60000);
      expect(updatedAt).to.equal(createdAt);
      const row = await app.knex('admin_users').where('id', 1).first();
      expect(await bcrypt.compare(PASSWORD, row.password)).to.equal(true);
      expect(await app.knex('admin_users_roles_links').select('user_id', 'role_id')).to.deep.equal([{ user_id: 1, role_id: 1 }]);

      const again = await app.post('/admin/register-admin', { email: 'other@example.com', password: PASSWORD, firstname: 'Other' });
      expect(again.status).to.equal(400);
      expect(again.body).to.deep.equal({ data: null, error: { status: 400, name: 'ApplicationError', message: 'You cannot register a new super admin', details: {} } });
      expect((await app.get('/admin/init')).body.data.hasAdmin).to.equal(true);
    });

    it('logs in with Strapi shapes and refuses wrong credentials', async () => {
      const wrong = await app.post('/admin/login', { email: 'root@example.com', password: 'Wrong1234' });
      expect(wrong.body).to.deep.equal({ data: null, error: { status: 400, name: 'ApplicationError', message: 'Invalid credentials', details: {} } });
      const unknown = await app.post('/admin/login', { email: 'nobody@example.com', password: PASSWORD });
      expect(unknown.body.error.message).to.equal('Invalid credentials');
      const ok = await app.post('/admin/login', { email: 'ROOT@example.com', password: PASSWORD });
      expect(ok.status, ok.text).to.equal(200);
      const me = await app.get('/admin/users/me', bearer(ok.body.data.token));
      expect(me.status).to.equal(200);
      expect(me.body.data).to.deep.include({ id: 1, email: 'root@example.com', roles: [ROLE_SHAPE] });
      expect(me.body.data).to.not.have.property('password');
      const renewed = await app.post('/admin/renew-token', { token: ok.body.data.token });
      expect((await app.get('/admin/users/me', bearer(renewed.body.data.token))).status).to.equal(200);
    });

    it('accepts only its own unexpired sessions', async () => {
      expect((await app.get('/admin/users/me')).body).to.deep.equal({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } });
      const otherSecret = jwt.sign({ id: 1 }, 'another-secret', { expiresIn: 60, issuer: 'platform-admin' });
      expect((await app.get('/admin/users/me', bearer(otherSecret))).status).to.equal(401);
      const expired = jwt.sign({ id: 1, iat: Math.floor(Date.now() / 1000) - 120, exp: Math.floor(Date.now() / 1000) - 60 }, ADMIN_SECRET, { issuer: 'platform-admin' });
      expect((await app.get('/admin/users/me', bearer(expired))).status).to.equal(401);
      const noIssuer = jwt.sign({ id: 1 }, ADMIN_SECRET, { expiresIn: 60 });
      expect((await app.get('/admin/users/me', bearer(noIssuer))).status).to.equal(401);
      const valid = jwt.sign({ id: 1 }, ADMIN_SECRET, { expiresIn: 60, issuer: 'platform-admin' });
      expect((await app.get('/admin/users/me', bearer(valid))).status).to.equal(200);
      // a blocked administrator's session stops working at once
      await app.knex('admin_users').where('id', 1).update({ blocked: true });
      expect((await app.get('/admin/users/me', bearer(valid))).status).to.equal(401);
      await app.knex('admin_users').where('id', 1).update({ blocked: false });
    });

    it('rate-limits login attempts per address and email', async () => {
      await app.platform.counters.reset();
      for (let i = 0; i < 3; i++) expect((await app.post('/admin/login', { email: 'root@example.com', password: 'Wrong1234' })).status).to.equal(400);
      const limited = await app.post('/admin/login', { email: 'root@example.com', password: PASSWORD });
      expect(limited.body).to.deep.equal({ data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } });
      await app.platform.counters.reset();
      expect((await app.post('/admin/login', { email: 'root@example.com', password: PASSWORD })).status).to.equal(200);
    });

    it('logs in an administrator as Strapi v4 wrote it', async () => {
      // bcryptjs's `$2a$` hash, Strapi's role codes and JSON permission rows, SQLite's epoch milliseconds
      const hash = await bcrypt.hash('Strapi4Pass', 10);
      const at = client === 'sqlite' ? Date.UTC(2024, 0, 15) : new Date(Date.UTC(2024, 0, 15));
      const editor = await app.knex('admin_roles').where('code', 'strapi-editor').first();
      await app.knex('admin_users').insert({
        id: 50,
        firstname: 'Strapi',
        lastname: 'Editor',
        username: null,
        email: 'editor@strapi.io',
        password: hash,
        reset_password_token: null,
        registration_token: null,
        is_active: true,
        blocked: false,
        prefered_language: null,
        created_at: at,
        updated_at: at,
        created_by_id: null,
        updated_by_id: null,
      });
      await app.knex('admin_users_roles_links').insert({ user_id: 50, role_id: editor.id, role_order: 1, user_order: 1 });
      const login = await app.post('/admin/login', { email: 'editor@strapi.io', password: 'Strapi4Pass' });
      expect(login.status, login.text).to.equal(200);
      expect(login.body.data.user).to.deep.include({ id: 50, firstname: 'Strapi', email: 'editor@strapi.io', createdAt: '2024-01-15T00:00:00.000Z' });
      expect(login.body.data.user.roles.map((r: { code: string }) => r.code)).to.deep.equal(['strapi-editor']);
      const permissions = await app.get('/admin/users/me/permissions', bearer(login.body.data.token));
      expect(permissions.body.data.map((p: { action: string; subject: string | null }) => `${p.action} ${p.subject}`)).to.include('plugin::content-manager.explorer.publish api::article.article');
    });
  });
}
