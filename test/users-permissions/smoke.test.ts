import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from './helpers';

for (const client of testClients()) {
  describe(`users-permissions smoke [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      app = await startAuthApp(client);
    });
    after(async () => app?.close());

    it('registers, logs in, answers me, and checks route scopes', async () => {
      const { jwt, user } = await register(app, 'alice');
      expect(user).to.include({ username: 'alice', email: 'alice@example.com', provider: 'local', confirmed: true, blocked: false });
      expect(Object.keys(user)).to.deep.equal(['id', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt']);
      const login = await app.post('/api/auth/local', { identifier: 'ALICE@example.com', password: 'Passw0rd!' });
      expect(login.status).to.equal(200);
      const me = await app.get('/api/users/me', bearer(jwt));
      expect(me.status, me.text).to.equal(200);
      expect(me.body.username).to.equal('alice');
      expect((await app.get('/api/users/me')).status).to.equal(403);
      expect((await app.get('/api/categories')).status).to.equal(200);
      expect((await app.post('/api/categories', { data: { name: 'x' } })).status).to.equal(403);
      expect((await app.post('/api/categories', { data: { name: 'x' } }, bearer(jwt))).status).to.equal(200);
      expect((await app.get('/api/tags')).status).to.equal(403);
      expect((await app.get('/api/categories', bearer('nope'))).body.error).to.deep.equal({ status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} });
    });
  });
}
