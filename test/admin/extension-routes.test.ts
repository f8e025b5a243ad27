/**
 * Admin routes handed to the admin's extension point (`plugin::admin.extensions` `addRoutes`) by
 * a plugin given in code: mounted at their whole path behind an administrator's session, each
 * behind its permission (none: any signed-in administrator), with the caller's creator scope
 * when the route asks for it; and the routes handed over too late, or malformed, stop start-up
 * naming the plugin.
 */
import { expect } from 'chai';
import { BootError, definePlugin, type PluginDefinition } from '@platform/core';
import type {} from '@platform/admin';
import type { TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

const probe = definePlugin({
  name: 'probe',
  optional: ['admin'],
  register(ctx) {
    ctx.service('plugin::admin.extensions').addRoutes(ctx.name, [
      { method: 'GET', path: '/probe/open', permission: null, handler: () => ({ data: 'open' }) },
      { method: 'POST', path: '/admin/probe/webhooks', permission: 'admin::webhooks.create', handler: () => ({ data: 'created' }) },
      {
        method: 'PUT',
        path: '/probe/media',
        permission: 'plugin::upload.assets.update',
        creatorScope: { key: 'probeScope', read: 'plugin::upload.read' },
        handler: (koa) => ({ data: koa.state.probeScope }),
      },
    ]);
  },
});

const UNAUTHORIZED = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };
const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

for (const client of testClients()) {
  describe(`admin routes handed over by a plugin [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    let root: string;
    let editor: { id: number; token: string };
    let author: { id: number; token: string };

    before(async () => {
      app = await startAdminApp(client, { plugins: [probe] });
      root = await registerSuperAdmin(app);
      editor = await adminWithRole(app, root, 'strapi-editor', 'editor@example.com');
      author = await adminWithRole(app, root, 'strapi-author', 'author@example.com');
    });

    after(async () => {
      await app?.close();
    });

    const answer = async (method: string, path: string, token?: string) => {
      const res = await app.request(method, path, undefined, token === undefined ? {} : bearer(token));
      return { status: res.status, body: res.body };
    };

    it('mounts them at their whole path, as admin routes', () => {
      const mounted = app.platform
        .routes()
        .filter((entry) => entry.path.includes('/probe'))
        .map((entry) => [entry.route.method, entry.path, entry.route.info?.type]);
      expect(mounted).to.deep.equal([
        ['GET', '/probe/open', 'admin'],
        ['POST', '/admin/probe/webhooks', 'admin'],
        ['PUT', '/probe/media', 'admin'],
      ]);
    });

    it("asks for an administrator's session", async () => {
      for (const [method, path] of [
        ['GET', '/probe/open'],
        ['POST', '/admin/probe/webhooks'],
        ['PUT', '/probe/media'],
      ] as const) {
        expect(await answer(method, path), `${method} ${path}`).to.deep.equal({ status: 401, body: UNAUTHORIZED });
      }
    });

    it("checks each route's permission; a route without one is any signed-in administrator's", async () => {
      expect(await answer('GET', '/probe/open', editor.token)).to.deep.equal({ status: 200, body: { data: 'open' } });
      expect(await answer('POST', '/admin/probe/webhooks', editor.token)).to.deep.equal({ status: 403, body: FORBIDDEN });
      expect(await answer('POST', '/admin/probe/webhooks', root)).to.deep.equal({ status: 200, body: { data: 'created' } });
    });

    it("leaves the caller's creator scope where the route asked: everyone's, or the Author's own", async () => {
      expect(await answer('PUT', '/probe/media', root)).to.deep.equal({ status: 200, body: { data: { read: null, write: null } } });
      expect(await answer('PUT', '/probe/media', editor.token)).to.deep.equal({ status: 200, body: { data: { read: null, write: null } } });
      expect(await answer('PUT', '/probe/media', author.token)).to.deep.equal({ status: 200, body: { data: { read: [author.id], write: [author.id] } } });
    });
  });
}

describe('admin routes handed over wrongly stop start-up', function () {
  this.timeout(60000);

  const bootError = async (plugin: PluginDefinition): Promise<{ code: string; message: string }> => {
    let caught: unknown;
    try {
      const app = await startAdminApp('sqlite', { plugins: [plugin] });
      await app.close();
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(BootError);
    return { code: (caught as BootError).code, message: (caught as BootError).message };
  };

  it('after every register ran (in bootstrap): they would never be mounted', async () => {
    const late = definePlugin({
      name: 'late',
      optional: ['admin'],
      bootstrap(ctx) {
        ctx.service('plugin::admin.extensions').addRoutes(ctx.name, [{ method: 'GET', path: '/late', permission: null, handler: () => ({}) }]);
      },
    });
    expect(await bootError(late)).to.deep.equal({
      code: 'admin.EXTENSION',
      message: `admin routes of "late" are handed over after the admin mounted its routes: add them in the plugin's register`,
    });
  });

  it('a path that is not whole', async () => {
    const relative = definePlugin({
      name: 'relative',
      optional: ['admin'],
      register(ctx) {
        ctx.service('plugin::admin.extensions').addRoutes(ctx.name, [{ method: 'GET', path: 'relative', permission: null, handler: () => ({}) }]);
      },
    });
    expect(await bootError(relative)).to.deep.equal({ code: 'admin.EXTENSION', message: 'admin route of "relative" GET relative: the path must start with "/"' });
  });
});
