/**
 * `/api/users` as Strapi v4 answers it (bare arrays, objects and numbers), guarded like every
 * route, and never an oracle on private attributes (password hashes, reset tokens): not in the
 * answers, not filterable or sortable, not through relations, not through `/count`.
 */
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from './helpers';

const USER = ['find', 'findOne', 'count', 'create', 'update', 'destroy'].map((a) => `plugin::users-permissions.user.${a}`);

function invalid(name: string) {
  return { data: null, error: { status: 400, name: 'ValidationError', message: `Invalid parameter ${name}`, details: {} } };
}

for (const client of testClients()) {
  describe(`users-permissions /api/users [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    let admin: Awaited<ReturnType<typeof register>>;
    let other: Awaited<ReturnType<typeof register>>;
    before(async () => {
      app = await startAuthApp(client, { permissions: { authenticated: [...USER, 'plugin::users-permissions.user.me'], editor: [...USER, 'plugin::users-permissions.role.find'] } });
      admin = await register(app, 'admin');
      other = await register(app, 'other');
      // `admin` reads roles (the editor role grants role.find)
      const editor = await app.knex('up_roles').where('type', 'editor').first('id');
      await app.put(`/api/users/${admin.user.id}`, { role: editor.id }, bearer(admin.jwt));
      await app.post('/api/auth/forgot-password', { email: 'other@example.com' });
    });
    after(async () => app?.close());

    it('the public role gets 403 on every users route', async () => {
      for (const [method, path] of [
        ['GET', '/api/users'],
        ['GET', '/api/users/1'],
        ['GET', '/api/users/count'],
        ['POST', '/api/users'],
        ['PUT', '/api/users/1'],
        ['DELETE', '/api/users/1'],
      ] satisfies Array<[string, string]>) {
        const res = await app.request(method, path, method === 'POST' || method === 'PUT' ? {} : undefined);
        expect(res.status, `${method} ${path}`).to.equal(403);
      }
    });

    it('GET /api/users is a bare array without private attributes; filters work', async () => {
      const res = await app.get('/api/users', bearer(other.jwt));
      expect(res.status).to.equal(200);
      expect(res.body.map((u: { username: string }) => u.username)).to.deep.equal(['admin', 'other']);
      for (const user of res.body) expect(Object.keys(user)).to.deep.equal(['id', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt']);
      const filtered = await app.get('/api/users?filters[username][$eq]=other', bearer(other.jwt));
      expect(filtered.body.map((u: { id: number }) => u.id)).to.deep.equal([other.user.id]);
    });

    it('private attributes are never filterable or sortable, on the list and on /count', async () => {
      for (const path of [
        '/api/users?filters[password][$startsWith]=$2',
        '/api/users?filters[resetPasswordToken][$notNull]=true',
        '/api/users?filters[$or][0][confirmationToken][$null]=true',
        '/api/users/count?filters[password][$startsWith]=$2',
        '/api/users/count?filters[resetPasswordToken][$startsWith]=a',
        '/api/users?sort=password',
        '/api/users?fields[0]=password',
      ]) {
        const res = await app.get(path, bearer(other.jwt));
        expect(res.status, path).to.equal(400);
        const name = /password|resetPasswordToken|confirmationToken/.exec(path)?.[0] ?? '';
        expect(res.body, path).to.deep.equal(invalid(name));
      }
      // Strapi's raw where on /count: the keys are no filter here, the count does not move
      const counts = await Promise.all(['$2a', 'zzz'].map((prefix) => app.get(`/api/users/count?password[$startsWith]=${encodeURIComponent(prefix)}`, bearer(other.jwt))));
      const [first, second] = counts;
      expect(first?.status).to.equal(second?.status);
      expect(first?.body).to.deep.equal(second?.body);
    });

    it('GET /api/users/count is a bare number with the same filters', async () => {
      const all = await app.get('/api/users/count', bearer(other.jwt));
      expect(all.status).to.equal(200);
      expect(all.body).to.equal(2);
      expect(all.text).to.equal('2');
      expect((await app.get('/api/users/count?filters[username][$eq]=admin', bearer(other.jwt))).body).to.equal(1);
    });

    it('the role is shown, populated, filtered and sorted only for a caller who may read roles', async () => {
      const withoutRoles = await app.get(`/api/users/${other.user.id}?populate=role`, bearer(other.jwt));
      expect(withoutRoles.status).to.equal(200);
      expect(withoutRoles.body).to.not.have.property('role');
      expect((await app.get('/api/users?filters[role][type][$eq]=public', bearer(other.jwt))).body).to.deep.equal(invalid('role'));
      expect((await app.get('/api/users?sort=role.name', bearer(other.jwt))).body).to.deep.equal(invalid('role'));
      const withRoles = await app.get(`/api/users/${other.user.id}?populate=role`, bearer(admin.jwt));
      expect(withRoles.body.role).to.include({ type: 'authenticated', name: 'Authenticated' });
      const byRole = await app.get('/api/users?filters[role][type][$eq]=editor', bearer(admin.jwt));
      expect(byRole.body.map((u: { username: string }) => u.username)).to.deep.equal(['admin']);
      // deeper: the role's users' private attributes stay out of reach
      expect((await app.get('/api/users?filters[role][users][password][$startsWith]=$2', bearer(admin.jwt))).body).to.deep.equal(invalid('password'));
      const deep = await app.get('/api/users?populate[role][populate][users]=*', bearer(admin.jwt));
      expect(deep.status).to.equal(200);
      expect(JSON.stringify(deep.body)).to.not.match(/password|resetPasswordToken|\$2[aby]\$/);
    });

    it('GET /api/users/:id and /me; a missing or malformed id is a 404', async () => {
      // updatedAt moved: forgot-password stored a reset code
      const { updatedAt: _registered, ...stable } = other.user as typeof other.user & { updatedAt: string };
      const one = await app.get(`/api/users/${other.user.id}`, bearer(other.jwt));
      expect(one.body).to.deep.include(stable);
      const me = await app.get('/api/users/me', bearer(other.jwt));
      expect(me.body).to.deep.equal(one.body);
      for (const id of ['999999', 'abc']) {
        const res = await app.get(`/api/users/${id}`, bearer(other.jwt));
        expect(res.status).to.equal(404);
        expect(res.body.error).to.deep.equal({ status: 404, name: 'NotFoundError', message: 'Not Found', details: {} });
      }
    });

    it('POST /api/users answers 201 with the role, confirmed false; the role is required; a taken email is refused', async () => {
      const { id: roleId } = await app.knex('up_roles').where('type', 'authenticated').first('id');
      const res = await app.post('/api/users', { username: 'created', email: 'Created@example.com', password: 'Passw0rd!', role: roleId }, bearer(admin.jwt));
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ username: 'created', email: 'created@example.com', provider: 'local', confirmed: false, blocked: false });
      expect(res.body.role).to.include({ id: roleId, type: 'authenticated' });
      expect(res.body).to.not.have.property('password');
      const noRole = await app.post('/api/users', { username: 'norole', email: 'norole@example.com', password: 'Passw0rd!' }, bearer(admin.jwt));
      expect(noRole.body.error).to.deep.equal({
        status: 400,
        name: 'ValidationError',
        message: 'role is a required field',
        details: { errors: [{ path: ['role'], message: 'role is a required field', name: 'ValidationError' }] },
      });
      const taken = await app.post('/api/users', { username: 'again', email: 'created@example.com', password: 'Passw0rd!', role: roleId }, bearer(admin.jwt));
      expect(taken.body.error).to.deep.equal({ status: 400, name: 'ApplicationError', message: 'Email already taken', details: {} });
      expect((await app.post('/api/auth/local', { identifier: 'created', password: 'Passw0rd!' })).status).to.equal(200);
    });

    it('PUT /api/users/:id updates (the password is hashed), refuses a taken username, 404 "User not found" for a missing user', async () => {
      const target = await register(app, 'target');
      const res = await app.put(`/api/users/${target.user.id}`, { email: 'Target2@example.com', password: 'An0ther-pass', resetPasswordToken: 'mine', passwordChangedAt: null }, bearer(admin.jwt));
      expect(res.status).to.equal(200);
      expect(res.body.email).to.equal('target2@example.com');
      const row = await app.knex('up_users').where('id', target.user.id).first();
      expect(row.password).to.match(/^\$2[aby]\$10\$/);
      expect(row.reset_password_token).to.equal(null);
      expect(row.password_changed_at).to.not.equal(null);
      expect((await app.get('/api/users/me', bearer(target.jwt))).status).to.equal(401);
      const taken = await app.put(`/api/users/${target.user.id}`, { username: 'admin' }, bearer(admin.jwt));
      expect(taken.body.error).to.deep.equal({ status: 400, name: 'ApplicationError', message: 'Username already taken', details: {} });
      const missing = await app.put('/api/users/999999', { username: 'ghost' }, bearer(admin.jwt));
      expect(missing.body.error).to.deep.equal({ status: 404, name: 'NotFoundError', message: 'User not found', details: {} });
    });

    it('DELETE /api/users/:id answers the deleted user; its JWT stops working; a missing user is a 404', async () => {
      const target = await register(app, 'doomed');
      const res = await app.del(`/api/users/${target.user.id}`, bearer(admin.jwt));
      expect(res.status).to.equal(200);
      expect(res.body.username).to.equal('doomed');
      expect(await app.knex('up_users').where('id', target.user.id).first()).to.equal(undefined);
      expect(await app.knex('up_users_role_links').where('user_id', target.user.id).first()).to.equal(undefined);
      expect((await app.get('/api/users/me', bearer(target.jwt))).status).to.equal(401);
      expect((await app.del(`/api/users/${target.user.id}`, bearer(admin.jwt))).status).to.equal(404);
    });
  });
}
