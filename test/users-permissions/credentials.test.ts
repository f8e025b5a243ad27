/**
 * Every way a credential fails is a 401 `Missing or invalid credentials`; a header that is not
 * `Bearer <token>` is ignored (public); a valid JWT in the steady state costs no query.
 */
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { USER_UID } from '@platform/users-permissions';
import type { EntityService } from '@platform/query-engine';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, JWT_SECRET, register, startAuthApp } from './helpers';

const INVALID = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

for (const client of testClients()) {
  describe(`users-permissions credentials [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      app = await startAuthApp(client);
    });
    after(async () => app?.close());

    const now = () => Math.floor(Date.now() / 1000);

    it('answers 200 with a valid JWT, and the same with a lower-case scheme', async () => {
      const { jwt: token } = await register(app);
      expect((await app.get('/api/users/me', bearer(token))).status).to.equal(200);
      expect((await app.get('/api/users/me', { authorization: `bearer ${token}` })).status).to.equal(200);
    });

    it('ignores an Authorization header that is not exactly "Bearer <token>": the request is public', async () => {
      const { jwt: token } = await register(app);
      for (const header of [token, `Token ${token}`, `Bearer ${token} extra`, 'Bearer']) {
        const me = await app.get('/api/users/me', { authorization: header });
        expect(me.status, header).to.equal(403);
        expect(me.body.error).to.deep.equal({ status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
        expect((await app.get('/api/categories', { authorization: header })).status).to.equal(200);
      }
    });

    it('refuses an expired JWT', async () => {
      const { user } = await register(app);
      const expired = jwt.sign({ id: user.id, iat: now() - 100, exp: now() - 10 }, JWT_SECRET);
      const res = await app.get('/api/categories', bearer(expired));
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(INVALID);
    });

    it('refuses a tampered JWT (payload changed, signature kept)', async () => {
      const alice = await register(app);
      const bob = await register(app);
      const [header, , signature] = alice.jwt.split('.');
      const decoded = jwt.decode(alice.jwt) as { iat: number; exp: number };
      const forged = `${header}.${base64url({ id: bob.user.id, iat: decoded.iat, exp: decoded.exp })}.${signature}`;
      const res = await app.get('/api/users/me', bearer(forged));
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(INVALID);
    });

    it('refuses alg none, another HMAC algorithm and a JWT signed with another secret', async () => {
      const { user } = await register(app);
      const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ id: user.id, iat: now(), exp: now() + 3600 })}.`;
      const hs512 = jwt.sign({ id: user.id }, JWT_SECRET, { algorithm: 'HS512', expiresIn: '1h' });
      const otherSecret = jwt.sign({ id: user.id }, 'another secret', { algorithm: 'HS256', expiresIn: '1h' });
      const noId = jwt.sign({ sub: String(user.id) }, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h' });
      for (const token of [none, hs512, otherSecret, noId, 'nope']) {
        const res = await app.get('/api/categories', bearer(token));
        expect(res.status, token).to.equal(401);
        expect(res.body).to.deep.equal(INVALID);
      }
    });

    it('refuses the JWT of a deleted user and of a blocked user', async () => {
      const entityService = app.platform.service<EntityService>('plugin::query-engine.entity-service');
      const deleted = await register(app);
      const blocked = await register(app);
      expect((await app.get('/api/users/me', bearer(deleted.jwt))).status).to.equal(200);
      expect((await app.get('/api/users/me', bearer(blocked.jwt))).status).to.equal(200);
      await entityService.delete(USER_UID, deleted.user.id);
      await entityService.update(USER_UID, blocked.user.id, { data: { blocked: true } });
      expect((await app.get('/api/users/me', bearer(deleted.jwt))).body).to.deep.equal(INVALID);
      expect((await app.get('/api/users/me', bearer(blocked.jwt))).body).to.deep.equal(INVALID);
      const login = await app.post('/api/auth/local', { identifier: blocked.user.email, password: blocked.password });
      expect(login.status).to.equal(400);
      expect(login.body.error).to.deep.equal({ status: 400, name: 'ApplicationError', message: 'Your account has been blocked by an administrator', details: {} });
    });

    it('refuses a JWT issued before the last password change, and accepts the new one at once', async () => {
      const { jwt: before, password, user } = await register(app);
      const changed = await app.post('/api/auth/change-password', { currentPassword: password, password: 'N3w-passw0rd', passwordConfirmation: 'N3w-passw0rd' }, bearer(before));
      expect(changed.status, changed.text).to.equal(200);
      expect(changed.body.user.id).to.equal(user.id);
      expect((await app.get('/api/users/me', bearer(before))).body).to.deep.equal(INVALID);
      expect((await app.get('/api/users/me', bearer(changed.body.jwt))).status).to.equal(200);
      const login = await app.post('/api/auth/local', { identifier: user.username, password: 'N3w-passw0rd' });
      expect((await app.get('/api/users/me', bearer(login.body.jwt))).status).to.equal(200);
      const stored = await app.knex('up_users').where('id', user.id).first('password_changed_at');
      expect(stored.password_changed_at).to.not.equal(null);
    });

    it('checks a known JWT and the public role without a database query', async () => {
      const { jwt: token } = await register(app);
      await app.get('/api/users/me', bearer(token));
      await app.get('/api/categories/999999');
      const withJwt = await app.countQueries(() => app.get('/api/categories/999999', bearer(token)));
      const asPublic = await app.countQueries(() => app.get('/api/categories/999999'));
      // Each answers the 404 after the one query of the lookup itself: the check costs none.
      expect(withJwt.result.status).to.equal(404);
      expect(withJwt.count).to.equal(asPublic.count);
      expect(asPublic.count).to.equal(1);
    });
  });
}
