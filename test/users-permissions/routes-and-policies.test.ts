/**
 * Every route is checked, generated and custom alike, unless its config says `auth: false`: a
 * custom route needs the permission of its handler (or of its `config.auth.scope`), then its
 * policies run: the app's own and `plugin::users-permissions.isAuthenticated` (a user or a
 * token; the public role fails it with 403 `Policy Failed`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from './helpers';

const CUSTOM_APP = path.resolve(__dirname, '..', 'fixtures', 'custom-app');
const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
const POLICY_FAILED = { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } };

/** The custom-app fixture, plus routes guarded by the plugin's policy and by an explicit scope. */
function appCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-up-routes-'));
  fs.cpSync(CUSTOM_APP, dir, { recursive: true });
  // its files import @platform/content-manager: resolve it from the repository's packages
  fs.symlinkSync(path.resolve(CUSTOM_APP, '..', '..', '..', 'node_modules'), path.join(dir, 'node_modules'));
  fs.writeFileSync(
    path.join(dir, 'api', 'book', 'routes', 'members-book.ts'),
    `export default {
  routes: [
    { method: 'GET', path: '/books/members', handler: 'book.find', config: { policies: ['plugin::users-permissions.isAuthenticated'] } },
    { method: 'GET', path: '/books/scoped', handler: 'book.find', config: { auth: { scope: ['api::book.book.readScoped'] } } },
  ],
};
`,
  );
  return dir;
}

for (const client of testClients()) {
  describe(`users-permissions on custom routes and policies [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    let dir: string;
    let jwt: string;
    before(async () => {
      dir = appCopy();
      app = await startAuthApp(
        client,
        {
          permissions: {
            public: ['api::book.book.find'],
            authenticated: ['api::book.book.find', 'api::book.book.count', 'api::book.book.readScoped'],
          },
        },
        { appDir: dir },
      );
      jwt = (await register(app)).jwt;
    });
    after(async () => {
      await app?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('a custom route needs the permission of its handler', async () => {
      expect((await app.get('/api/books/count')).body).to.deep.equal(FORBIDDEN);
      const res = await app.get('/api/books/count', bearer(jwt));
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ count: 0 });
    });

    it('a route with auth: false is open to anyone, without any permission', async () => {
      const res = await app.get('/api/books/ping');
      expect(res.status).to.equal(200);
    });

    it('config.auth.scope names the permission in place of the handler', async () => {
      expect((await app.get('/api/books/scoped')).body).to.deep.equal(FORBIDDEN);
      expect((await app.get('/api/books/scoped', bearer(jwt))).status).to.equal(200);
    });

    it("the app's policies run after the permission check", async () => {
      expect((await app.get('/api/books/guarded', { 'x-allow': 'yes' })).status).to.equal(200);
      expect((await app.get('/api/books/guarded')).body).to.deep.equal(POLICY_FAILED);
      expect((await app.get('/api/books/forbidden', bearer(jwt))).body).to.deep.equal(POLICY_FAILED);
    });

    it('plugin::users-permissions.isAuthenticated lets a user through, not the public role', async () => {
      expect((await app.get('/api/books/members')).body).to.deep.equal(POLICY_FAILED);
      const res = await app.get('/api/books/members', bearer(jwt));
      expect(res.status).to.equal(200);
      expect(res.body.meta.source).to.equal('custom-find');
    });
  });
}
