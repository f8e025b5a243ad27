/**
 * Permissions explain themselves: wildcards in the config grant the actions every plugin
 * registers, whatever order the plugins start in; a 403 under `platform develop` logs the
 * action that was missing and who asked, and its `details` carry the action (in development
 * only); a partial `PUT /api/users-permissions/roles/:id` replaces the whole set, as Strapi
 * v4's, and the log names what it removed.
 */
import { expect } from 'chai';
import { createLogger, definePlugin, type RequestContext } from '@platform/core';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from './helpers';

const FORBIDDEN = (details: Record<string, unknown>) => ({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details } });

/**
 * Boots after users-permissions (it names it as optional) and adds, in its bootstrap, a route
 * needing an action of the example app's article controller: a wildcard expanded when
 * users-permissions bootstraps would not know it.
 */
const latePlugin = definePlugin({
  name: 'late-actions',
  optional: ['users-permissions'],
  bootstrap(ctx) {
    ctx.addRoutes([
      {
        method: 'GET',
        path: '/late/archive',
        handler: (http: RequestContext) => {
          http.body = { archived: true };
        },
        config: { auth: { scope: ['api::article.article.archive'] } },
      },
    ]);
  },
});

/** A log sink that keeps each line without its time and level. */
const collect = (lines: string[]) => (line: string) => lines.push(line.replace(/^\[\S+\] [A-Z]+ /, ''));

async function roleActions(app: TestApp, type: string): Promise<string[]> {
  const rows = await app
    .knex('up_permissions as p')
    .join('up_permissions_role_links as l', 'l.permission_id', 'p.id')
    .join('up_roles as r', 'r.id', 'l.role_id')
    .where('r.type', type)
    .select('p.action');
  return rows.map((r: { action: string }) => r.action).sort();
}

for (const client of testClients()) {
  describe(`users-permissions: permissions that explain themselves [${client}]`, function () {
    this.timeout(90000);

    describe('wildcards, and a 403 under platform develop', () => {
      let app: TestApp;
      const lines: string[] = [];
      before(async () => {
        app = await startAuthApp(
          client,
          { permissions: { public: ['api::article.article.find'], authenticated: ['api::article.article.*', 'plugin::upload.content-api.*'] } },
          { plugins: [latePlugin], mode: 'develop', logger: createLogger('warn', collect(lines)) },
        );
      });
      after(async () => {
        await app?.stop();
        await app?.database.drop();
      });

      it('a wildcard grants the actions of plugins that start later (and every action of another plugin)', async () => {
        expect(await roleActions(app, 'authenticated')).to.deep.equal([
          'api::article.article.archive',
          'api::article.article.create',
          'api::article.article.createLocalization',
          'api::article.article.delete',
          'api::article.article.find',
          'api::article.article.findOne',
          'api::article.article.update',
          'plugin::upload.content-api.destroy',
          'plugin::upload.content-api.find',
          'plugin::upload.content-api.findOne',
          'plugin::upload.content-api.upload',
          'plugin::users-permissions.auth.changePassword',
          'plugin::users-permissions.user.me',
        ]);
        const { jwt } = await register(app);
        const res = await app.get('/api/late/archive', bearer(jwt));
        expect({ status: res.status, body: res.body }).to.deep.equal({ status: 200, body: { archived: true } });
        expect((await app.get('/api/late/archive')).status).to.equal(403);
      });

      it('a 403 logs the missing action and the role that asked; its details carry the action', async () => {
        lines.length = 0;
        const res = await app.post('/api/articles', { data: { title: 'Nope' } });
        expect({ status: res.status, body: res.body }).to.deep.equal({ status: 403, body: FORBIDDEN({ action: 'api::article.article.create' }) });
        expect(lines.filter((line) => line.includes('403'))).to.deep.equal([
          '[users-permissions] 403 Forbidden: role "public" lacks "api::article.article.create": grant it in config/plugins.ts (users-permissions.config.permissions) or through PUT /api/users-permissions/roles/:id',
        ]);
        expect(await app.knex('articles').where('title', 'Nope').select('id')).to.deep.equal([]);

        lines.length = 0;
        const { jwt, user } = await register(app);
        const tags = await app.get('/api/tags', bearer(jwt));
        expect({ status: tags.status, body: tags.body }).to.deep.equal({ status: 403, body: FORBIDDEN({ action: 'api::tag.tag.find' }) });
        expect(lines.filter((line) => line.includes('403'))).to.deep.equal([
          `[users-permissions] 403 Forbidden: role "authenticated" (user ${user.id}) lacks "api::tag.tag.find": grant it in config/plugins.ts (users-permissions.config.permissions) or through PUT /api/users-permissions/roles/:id`,
        ]);
      });
    });

    describe('outside develop', () => {
      let app: TestApp;
      const lines: string[] = [];
      before(async () => {
        app = await startAuthApp(client, { permissions: { public: ['api::article.article.find'] } }, { logger: createLogger('warn', collect(lines)) });
      });
      after(async () => {
        await app?.stop();
        await app?.database.drop();
      });

      it("a 403 is Strapi v4's, details empty, and logs no warning", async () => {
        const res = await app.post('/api/articles', { data: { title: 'Nope' } });
        expect({ status: res.status, body: res.body }).to.deep.equal({ status: 403, body: FORBIDDEN({}) });
        expect(lines.filter((line) => line.includes('403'))).to.deep.equal([]);
      });
    });

    describe('a partial PUT of a role', () => {
      let app: TestApp;
      const lines: string[] = [];
      before(async () => {
        app = await startAuthApp(
          client,
          {
            permissions: {
              public: ['api::tag.tag.find', 'api::tag.tag.findOne', 'plugin::users-permissions.role.updateRole'],
            },
          },
          { logger: createLogger('info', collect(lines)) },
        );
      });
      after(async () => {
        await app?.stop();
        await app?.database.drop();
      });

      it('replaces the whole set, and the log names the permissions it removed', async () => {
        const { id } = await app.knex('up_roles').where('type', 'public').first('id');
        const before = await roleActions(app, 'public');
        lines.length = 0;
        // meant to add one action: every other one goes
        const tree = { 'api::tag': { controllers: { tag: { find: { enabled: true } } } }, 'api::category': { controllers: { category: { find: { enabled: true } } } } };
        const res = await app.put(`/api/users-permissions/roles/${id}`, { permissions: tree });
        expect({ status: res.status, body: res.body }).to.deep.equal({ status: 200, body: { ok: true } });
        expect(await roleActions(app, 'public')).to.deep.equal(['api::category.category.find', 'api::tag.tag.find']);
        const removed = before.filter((action) => action !== 'api::tag.tag.find');
        expect(lines.filter((line) => line.includes('were removed'))).to.deep.equal([
          `[users-permissions] role "public" (id ${id}): ${removed.length} permission(s) not enabled in the request were removed (the permissions sent replace the whole set): ${removed.join(', ')}`,
        ]);
      });
    });
  });
}
