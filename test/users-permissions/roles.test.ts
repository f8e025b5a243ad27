/**
 * Roles and permissions: the two roles of the first start with Strapi v4's actions, the
 * permissions declared in the config applied at every start (wildcards expanded, changes
 * applied on a restart, grants made over HTTP kept), each role × action allowed or denied
 * with 403 `Forbidden`, and the roles API.
 */
import { assert, expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from './helpers';

const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

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
  describe(`users-permissions roles and permissions [${client}]`, function () {
    this.timeout(90000);

    describe('first start, config permissions and restarts', () => {
      let app: TestApp | null = null;
      after(async () => {
        await app?.stop();
        await app?.database.drop();
      });

      it("creates Authenticated (id 1) and Public (id 2) with Strapi v4's actions plus the declared ones, wildcards expanded", async () => {
        app = await startAuthApp(client, { permissions: { public: ['api::tag.tag.find'], authenticated: ['api::article.article.*'] } });
        const roles = await app.knex('up_roles').orderBy('id').select('id', 'name', 'description', 'type');
        expect(roles).to.deep.equal([
          { id: 1, name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated' },
          { id: 2, name: 'Public', description: 'Default role given to unauthenticated user.', type: 'public' },
        ]);
        expect(await roleActions(app, 'public')).to.deep.equal([
          'api::tag.tag.find',
          'plugin::users-permissions.auth.callback',
          'plugin::users-permissions.auth.connect',
          'plugin::users-permissions.auth.emailConfirmation',
          'plugin::users-permissions.auth.forgotPassword',
          'plugin::users-permissions.auth.register',
          'plugin::users-permissions.auth.resetPassword',
          'plugin::users-permissions.auth.sendEmailConfirmation',
        ]);
        expect(await roleActions(app, 'authenticated')).to.deep.equal([
          'api::article.article.create',
          'api::article.article.createLocalization',
          'api::article.article.delete',
          'api::article.article.find',
          'api::article.article.findOne',
          'api::article.article.update',
          'plugin::users-permissions.auth.changePassword',
          'plugin::users-permissions.user.me',
        ]);
      });

      it('a restart with the same config writes nothing', async () => {
        const snapshot = async (a: TestApp) => ({
          roles: await a.knex('up_roles').orderBy('id').select(),
          permissions: await a.knex('up_permissions').orderBy('id').select(),
          links: await a.knex('up_permissions_role_links').orderBy('id').select(),
          store: await a.knex('strapi_core_store_settings').where('key', 'plugin_users-permissions_declared_permissions').select(),
        });
        assert.exists(app, 'started by the first test');
        const before = await snapshot(app);
        expect(before.store).to.have.length(1);
        await app.stop();
        app = await startAuthApp(client, { permissions: { public: ['api::tag.tag.find'], authenticated: ['api::article.article.*'] } }, { database: app.database });
        expect(await snapshot(app)).to.deep.equal(before);
      });

      it('a restart with changed config adds and removes the declared actions, and keeps grants made over HTTP', async () => {
        // a grant made through the roles API, not declared in the config
        assert.exists(app, 'started by the test before');
        const { id: publicId } = await app.knex('up_roles').where('type', 'public').first('id');
        const res = await app.get(`/api/users-permissions/roles/${publicId}`);
        expect(res.status).to.equal(403);
        await app.stop();
        app = await startAuthApp(
          client,
          { permissions: { public: ['api::category.category.find', 'plugin::users-permissions.role.findOne', 'plugin::users-permissions.role.updateRole'], editor: ['api::tag.tag.*'] } },
          { database: app.database },
        );
        const tree = (await app.get(`/api/users-permissions/roles/${publicId}`)).body.role.permissions;
        tree['api::writer'].controllers.writer.find.enabled = true;
        expect((await app.put(`/api/users-permissions/roles/${publicId}`, { permissions: tree })).body).to.deep.equal({ ok: true });
        expect(await roleActions(app, 'public')).to.include.members(['api::category.category.find', 'api::writer.writer.find']);
        expect(await roleActions(app, 'public')).to.not.include('api::tag.tag.find');
        expect(await roleActions(app, 'authenticated')).to.not.include('api::article.article.find');
        expect(await roleActions(app, 'editor')).to.deep.equal(['api::tag.tag.create', 'api::tag.tag.delete', 'api::tag.tag.find', 'api::tag.tag.findOne', 'api::tag.tag.update']);

        await app.stop();
        app = await startAuthApp(client, { permissions: { public: ['api::category.category.find'] } }, { database: app.database });
        expect(await roleActions(app, 'public')).to.include.members(['api::category.category.find', 'api::writer.writer.find']);
        expect(await roleActions(app, 'public')).to.not.include('plugin::users-permissions.role.findOne');
        expect(await roleActions(app, 'editor')).to.deep.equal([]);
        expect((await app.get('/api/writers')).status).to.equal(200);
        expect((await app.get('/api/tags')).status).to.equal(403);
      });

      it('a wildcard that matches no action stops start-up naming it', async () => {
        assert.exists(app, 'started by the test before');
        const database = app.database;
        await app.stop();
        app = null;
        let failure: Error | null = null;
        try {
          app = await startAuthApp(client, { permissions: { public: ['api::nothing.nothing.*'] } }, { database });
        } catch (error) {
          failure = error as Error;
        }
        expect(failure?.message).to.include('"users-permissions.config.permissions.public" names "api::nothing.nothing.*", which matches no action of this app');
        app = await startAuthApp(client, {}, { database });
      });
    });

    describe('role × action', () => {
      let app: TestApp;
      let jwt: string;
      before(async () => {
        app = await startAuthApp(client, {
          permissions: {
            public: ['api::category.category.find'],
            authenticated: ['api::category.category.find', 'api::category.category.findOne', 'api::category.category.create', 'api::tag.tag.find'],
          },
        });
        jwt = (await register(app)).jwt;
        await app.knex('categories').insert({ name: 'Seed' });
      });
      after(async () => app?.close());

      const matrix: Array<[string, string, string, unknown, number, number]> = [
        // action, method, path, body, public status, authenticated status
        ['find', 'GET', '/api/categories', undefined, 200, 200],
        ['findOne', 'GET', '/api/categories/1', undefined, 403, 200],
        ['create', 'POST', '/api/categories', { data: { name: 'New' } }, 403, 200],
        ['update', 'PUT', '/api/categories/1', { data: { name: 'Changed' } }, 403, 403],
        ['delete', 'DELETE', '/api/categories/1', undefined, 403, 403],
        ['tag find', 'GET', '/api/tags', undefined, 403, 200],
        ['article find', 'GET', '/api/articles', undefined, 403, 403],
        ['global find', 'GET', '/api/global', undefined, 403, 403],
      ];
      for (const [action, method, path, body, asPublic, asUser] of matrix) {
        it(`${action}: public ${asPublic}, authenticated ${asUser}`, async () => {
          const anonymous = await app.request(method, path, body);
          expect(anonymous.status).to.equal(asPublic);
          if (asPublic === 403) expect(anonymous.body).to.deep.equal(FORBIDDEN);
          const user = await app.request(method, path, body, bearer(jwt));
          expect(user.status).to.equal(asUser);
          if (asUser === 403) expect(user.body).to.deep.equal(FORBIDDEN);
        });
      }

      it('a denied write changes nothing', async () => {
        expect((await app.put('/api/categories/1', { data: { name: 'Nope' } }, bearer(jwt))).status).to.equal(403);
        expect((await app.knex('categories').where('id', 1).first()).name).to.equal('Seed');
      });
    });

    describe('the roles API', () => {
      let app: TestApp;
      let jwt: string;
      const ROLE_ACTIONS = ['find', 'findOne', 'createRole', 'updateRole', 'deleteRole'].map((a) => `plugin::users-permissions.role.${a}`);
      before(async () => {
        app = await startAuthApp(client, { permissions: { authenticated: [...ROLE_ACTIONS, 'plugin::users-permissions.permissions.getPermissions'] } });
        jwt = (await register(app)).jwt;
      });
      after(async () => app?.close());

      it('is protected by permissions: the public role gets 403', async () => {
        for (const path of ['/api/users-permissions/roles', '/api/users-permissions/roles/1', '/api/users-permissions/permissions']) {
          const res = await app.get(path);
          expect(res.status, path).to.equal(403);
          expect(res.body).to.deep.equal(FORBIDDEN);
        }
      });

      it('GET /roles lists { roles } sorted by name, each with nb_users', async () => {
        const res = await app.get('/api/users-permissions/roles', bearer(jwt));
        expect(res.status).to.equal(200);
        expect(res.body.roles.map((r: Record<string, unknown>) => [r.name, r.type, r.nb_users])).to.deep.equal([
          ['Authenticated', 'authenticated', 1],
          ['Public', 'public', 0],
        ]);
        expect(Object.keys(res.body.roles[0])).to.deep.equal(['id', 'name', 'description', 'type', 'createdAt', 'updatedAt', 'nb_users']);
      });

      it('GET /roles/:id answers { role } with its permission tree; a missing role is a 404', async () => {
        const res = await app.get('/api/users-permissions/roles/1', bearer(jwt));
        expect(res.status).to.equal(200);
        const tree = res.body.role.permissions;
        expect(tree['plugin::users-permissions'].controllers.user.me).to.deep.equal({ enabled: true, policy: '' });
        expect(tree['api::article'].controllers.article.find).to.deep.equal({ enabled: false, policy: '' });
        const missing = await app.get('/api/users-permissions/roles/999', bearer(jwt));
        expect(missing.status).to.equal(404);
      });

      it('GET /permissions answers the tree of every action, none enabled', async () => {
        const res = await app.get('/api/users-permissions/permissions', bearer(jwt));
        expect(res.status).to.equal(200);
        expect(res.body.permissions['api::category'].controllers.category).to.deep.equal({
          create: { enabled: false, policy: '' },
          delete: { enabled: false, policy: '' },
          find: { enabled: false, policy: '' },
          findOne: { enabled: false, policy: '' },
          update: { enabled: false, policy: '' },
        });
      });

      it('POST creates a role with its permissions, PUT changes them (effective at once), DELETE moves its users to public', async () => {
        const create = await app.post(
          '/api/users-permissions/roles',
          {
            name: 'Editors',
            description: 'Edit things',
            permissions: { 'api::tag': { controllers: { tag: { find: { enabled: true }, create: { enabled: true } } } } },
          },
          bearer(jwt),
        );
        expect(create.body).to.deep.equal({ ok: true });
        const role = await app.knex('up_roles').where('type', 'editors').first();
        expect(role).to.include({ name: 'Editors', description: 'Edit things' });
        expect(await roleActions(app, 'editors')).to.deep.equal(['api::tag.tag.create', 'api::tag.tag.find']);

        const editor = await register(app);
        await app.knex('up_users_role_links').where('user_id', editor.user.id).update({ role_id: role.id });
        // the link was changed behind the platform's back: a role change through the API clears every cache
        const update = await app.put(
          `/api/users-permissions/roles/${role.id}`,
          {
            name: 'Editors',
            permissions: { 'api::category': { controllers: { category: { find: { enabled: true } } } } },
          },
          bearer(jwt),
        );
        expect(update.body).to.deep.equal({ ok: true });
        expect(await roleActions(app, 'editors')).to.deep.equal(['api::category.category.find']);
        expect((await app.get('/api/categories', bearer(editor.jwt))).status).to.equal(200);
        expect((await app.get('/api/tags', bearer(editor.jwt))).status).to.equal(403);

        const empty = await app.put(`/api/users-permissions/roles/${role.id}`, {}, bearer(jwt));
        expect(empty.body.error).to.deep.equal({ status: 400, name: 'ValidationError', message: 'Request body cannot be empty', details: {} });
        const missing = await app.put('/api/users-permissions/roles/999', { name: 'x' }, bearer(jwt));
        expect(missing.body.error).to.deep.equal({ status: 404, name: 'NotFoundError', message: 'Role not found', details: {} });

        const { id: publicId } = await app.knex('up_roles').where('type', 'public').first('id');
        const refused = await app.del(`/api/users-permissions/roles/${publicId}`, bearer(jwt));
        expect(refused.body.error).to.deep.equal({ status: 400, name: 'ApplicationError', message: 'Cannot delete public role', details: {} });
        expect((await app.del(`/api/users-permissions/roles/${role.id}`, bearer(jwt))).body).to.deep.equal({ ok: true });
        expect(await app.knex('up_roles').where('id', role.id).first()).to.equal(undefined);
        expect(await roleActions(app, 'editors')).to.deep.equal([]);
        expect((await app.knex('up_users_role_links').where('user_id', editor.user.id).first()).role_id).to.equal(publicId);
      });
    });
  });
}
