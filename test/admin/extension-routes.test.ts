/**
 * Admin routes handed to the admin's extension point (`plugin::admin.extensions` `addRoutes`) by
 * a plugin given in code: mounted at their whole path behind an administrator's session, each
 * behind its permission (none: any signed-in administrator), with the caller's creator scope
 * when the route asks for it. The plugin's own admin actions (`addActions`): in the roles page's
 * catalogue, granted to a role through the admin API and stored like any other, held by the
 * Super Admin, guarding the plugin's route. Routes, actions or session routes handed over too
 * late, or malformed, stop start-up naming the plugin.
 */
import { expect } from 'chai';
import { BootError, definePlugin, type PluginDefinition } from '@platform/core';
import type { CreatorCondition, CreatorScope } from '@platform/admin';
import type { TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

const probe = definePlugin({
  name: 'probe',
  optional: ['admin'],
  register(ctx) {
    // the administrators a creator condition lets through: applied to their own ids
    const whose = async (condition: CreatorCondition | null): Promise<number[] | null> => {
      if (condition === null) return null;
      const query = ctx.db.connection('admin_users').select('id').orderBy('id');
      condition(query, 'id');
      return ((await query) as Array<{ id: unknown }>).map((row) => Number(row.id));
    };
    const extensions = ctx.service('plugin::admin.extensions');
    const declared = extensions.addActions(ctx.name, [
      { section: 'plugins', displayName: 'Read the probes', uid: 'read' },
      { section: 'plugins', displayName: 'Update the settings', uid: 'settings.update', subCategory: 'settings' },
    ]);
    extensions.addRoutes(ctx.name, [
      { method: 'GET', path: '/probe/open', permission: null, handler: () => ({ data: 'open' }) },
      { method: 'POST', path: '/admin/probe/webhooks', permission: 'admin::webhooks.create', handler: () => ({ data: 'created' }) },
      {
        method: 'PUT',
        path: '/probe/media',
        permission: 'plugin::upload.assets.update',
        creatorScope: { key: 'probeScope', read: 'plugin::upload.read' },
        handler: async (koa) => {
          const scope = koa.state.probeScope as CreatorScope;
          return { data: { read: await whose(scope.read), write: await whose(scope.write) } };
        },
      },
      { method: 'GET', path: '/probe/own', permission: 'plugin::probe.read', handler: () => ({ data: declared }) },
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
        ['GET', '/probe/own', 'admin'],
      ]);
    });

    it("asks for an administrator's session", async () => {
      for (const [method, path] of [
        ['GET', '/probe/open'],
        ['POST', '/admin/probe/webhooks'],
        ['PUT', '/probe/media'],
        ['GET', '/probe/own'],
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

    it("lists the plugin's own actions in the roles page's catalogue, in Strapi's shape", async () => {
      const res = await app.get('/admin/permissions', bearer(root));
      expect(res.status).to.equal(200);
      const plugins = (res.body.data.sections.plugins as Array<{ plugin: string }>).filter((entry) => entry.plugin === 'probe');
      expect(plugins).to.deep.equal([
        { action: 'plugin::probe.read', displayName: 'Read the probes', plugin: 'probe' },
        { action: 'plugin::probe.settings.update', displayName: 'Update the settings', plugin: 'probe', subCategory: 'settings' },
      ]);
    });

    it("guards the plugin's route with its own action: the Super Admin holds it, a role is granted it", async () => {
      expect(await answer('GET', '/probe/own', root)).to.deep.equal({ status: 200, body: { data: ['plugin::probe.read', 'plugin::probe.settings.update'] } });
      const superAdminHolds = ((await app.get('/admin/users/me/permissions', bearer(root))).body.data as Array<{ action: string }>).filter((p) => p.action.startsWith('plugin::probe.'));
      expect(superAdminHolds.map((p) => p.action)).to.deep.equal(['plugin::probe.read', 'plugin::probe.settings.update']);

      expect(await answer('GET', '/probe/own', editor.token)).to.deep.equal({ status: 403, body: FORBIDDEN });
      const editorRole = ((await app.get('/admin/roles', bearer(root))).body.data as Array<{ id: number; code: string }>).find((role) => role.code === 'strapi-editor');
      if (!editorRole) throw new Error('no Editor role');
      const held = (await app.get(`/admin/roles/${editorRole.id}/permissions`, bearer(root))).body.data as Array<Record<string, unknown>>;
      const granted = await app.put(
        `/admin/roles/${editorRole.id}/permissions`,
        { permissions: [...held.map(({ id: _id, ...permission }) => permission), { action: 'plugin::probe.read', subject: null, properties: {}, conditions: [] }] },
        bearer(root),
      );
      expect(granted.status).to.equal(200);
      const stored = (await app.knex('admin_permissions').where({ action: 'plugin::probe.read' }).select('id', 'subject', 'conditions')).map(
        (row: { id: unknown; subject: unknown; conditions: unknown }) => ({
          id: Number(row.id),
          subject: row.subject,
          conditions: typeof row.conditions === 'string' ? JSON.parse(row.conditions) : row.conditions,
        }),
      );
      expect(stored).to.have.length(1);
      expect((granted.body.data as Array<{ action: string }>).filter((p) => p.action === 'plugin::probe.read')).to.deep.equal([
        { id: stored[0]?.id, action: 'plugin::probe.read', actionParameters: {}, subject: null, properties: {}, conditions: [] },
      ]);
      expect(stored).to.deep.equal([{ id: stored[0]?.id, subject: null, conditions: [] }]);

      expect(await answer('GET', '/probe/own', editor.token)).to.deep.equal({ status: 200, body: { data: ['plugin::probe.read', 'plugin::probe.settings.update'] } });
      expect(await answer('GET', '/probe/own', author.token)).to.deep.equal({ status: 403, body: FORBIDDEN });
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

  it('actions declared after every register ran (in bootstrap)', async () => {
    const late = definePlugin({
      name: 'late-actions',
      optional: ['admin'],
      bootstrap(ctx) {
        ctx.service('plugin::admin.extensions').addActions(ctx.name, [{ section: 'plugins', displayName: 'Read', uid: 'read' }]);
      },
    });
    expect(await bootError(late)).to.deep.equal({
      code: 'admin.EXTENSION',
      message: `admin actions of "late-actions" are declared after every plugin's register ran: declare them in the plugin's register`,
    });
  });

  it('an action declared twice', async () => {
    const twice = definePlugin({
      name: 'twice',
      optional: ['admin'],
      register(ctx) {
        const extensions = ctx.service('plugin::admin.extensions');
        extensions.addActions(ctx.name, [{ section: 'plugins', displayName: 'Read', uid: 'read' }]);
        extensions.addActions(ctx.name, [{ section: 'plugins', displayName: 'Read again', uid: 'read' }]);
      },
    });
    expect(await bootError(twice)).to.deep.equal({ code: 'admin.EXTENSION', message: 'admin action of "twice" read: plugin::twice.read is declared already' });
  });

  it('an action whose uid is no name', async () => {
    const bad = definePlugin({
      name: 'bad-uid',
      optional: ['admin'],
      register(ctx) {
        ctx.service('plugin::admin.extensions').addActions(ctx.name, [{ section: 'plugins', displayName: 'Read', uid: 'Read All' }]);
      },
    });
    expect(await bootError(bad)).to.deep.equal({
      code: 'admin.EXTENSION',
      message: 'admin action of "bad-uid" Read All: the uid must be dot-separated lowercase names (read, settings.update)',
    });
  });

  it("a session route whose handler is not the plugin's", async () => {
    const foreign = definePlugin({
      name: 'foreign',
      optional: ['admin'],
      register(ctx) {
        ctx.service('plugin::admin.extensions').acceptSessions(ctx.name, [{ handler: 'plugin::upload.content-api.find', permission: 'plugin::upload.read' }]);
      },
    });
    expect(await bootError(foreign)).to.deep.equal({
      code: 'admin.EXTENSION',
      message: 'session route of "foreign" plugin::upload.content-api.find: the handler must be a controller action of the plugin',
    });
  });

  it('a permission that is no admin action: a typo would leave the route to the Super Admin alone', async () => {
    const typo = definePlugin({
      name: 'typo',
      optional: ['admin'],
      register(ctx) {
        const extensions = ctx.service('plugin::admin.extensions');
        extensions.addRoutes(ctx.name, [
          { method: 'GET', path: '/typo/own', permission: 'plugin::typo.read', handler: () => ({}) },
          { method: 'GET', path: '/typo/media', permission: 'plugin::upload.raed', handler: () => ({}) },
        ]);
        // declared after its routes, in the same register: the route naming it is accepted
        extensions.addActions(ctx.name, [{ section: 'plugins', displayName: 'Read', uid: 'read' }]);
      },
    });
    expect(await bootError(typo)).to.deep.equal({
      code: 'admin.EXTENSION',
      message: `admin route of "typo" GET /typo/media: the permission plugin::upload.raed is no admin action (neither the admin's nor one a plugin declared with addActions)`,
    });
  });

  it('accepts a route naming an action a plugin declares in a later register', async () => {
    const routes = definePlugin({
      name: 'early-routes',
      optional: ['admin'],
      register(ctx) {
        ctx.service('plugin::admin.extensions').addRoutes(ctx.name, [{ method: 'GET', path: '/early/read', permission: 'plugin::late-actions.read', handler: () => ({ data: 'read' }) }]);
      },
    });
    const actions = definePlugin({
      name: 'late-actions',
      optional: ['admin', 'early-routes'],
      register(ctx) {
        ctx.service('plugin::admin.extensions').addActions(ctx.name, [{ section: 'plugins', displayName: 'Read', uid: 'read' }]);
      },
    });
    const app = await startAdminApp('sqlite', { plugins: [routes, actions] });
    try {
      const res = await app.get('/early/read', bearer(await registerSuperAdmin(app)));
      expect([res.status, res.body]).to.deep.equal([200, { data: 'read' }]);
    } finally {
      await app.close();
    }
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
