/**
 * GraphQL with users-permissions on, as the example app runs: register and login mutations
 * give a JWT, `me` answers its user and role, content permissions apply per operation to the
 * public and authenticated roles and to API tokens, the login mutation shares REST's rate
 * limit, and the plugin's types have Strapi v4's shapes.
 */
import { expect } from 'chai';
import { definePlugin } from '@platform/core';
import type { ExtensionService } from '@platform/graphql';
import { describeEachDatabase } from '../helpers/app';
import { authPlugins, bearer, JWT_SECRET } from '../users-permissions/helpers';
import { gql, gqlData } from './helpers';

const PERMISSIONS = {
  public: ['api::article.article.find', 'api::category.category.find'],
  authenticated: [
    'api::article.article.find',
    'api::article.article.findOne',
    'api::article.article.create',
    'api::category.category.find',
    'plugin::users-permissions.user.me',
    'plugin::users-permissions.auth.changePassword',
  ],
};
const FORBIDDEN = { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' };

describeEachDatabase(
  'GraphQL with users-permissions',
  (ctx) => {
    let jwt = '';

    it('register answers a JWT and the user, with role null (as Strapi v4)', async () => {
      const data = await gqlData(
        ctx.app,
        'mutation { register(input: { username: "ada", email: "Ada@Example.com", password: "Passw0rd!" }) { jwt user { id username email confirmed blocked role { id } } } }',
      );
      expect(data.register.jwt).to.be.a('string');
      expect(data.register.user).to.include({ username: 'ada', email: 'ada@example.com', confirmed: true, blocked: false, role: null });
      expect(await ctx.app.knex('up_users').where('username', 'ada')).to.have.length(1);
    });

    it('login answers a JWT; a wrong password is BAD_USER_INPUT "Invalid identifier or password"', async () => {
      const data = await gqlData(ctx.app, 'mutation { login(input: { identifier: "ada@example.com", password: "Passw0rd!" }) { jwt user { username } } }');
      jwt = data.login.jwt;
      expect(data.login.user).to.deep.equal({ username: 'ada' });
      const wrong = await gql(ctx.app, 'mutation { login(input: { identifier: "ada", password: "nope" }) { jwt } }');
      expect(wrong.status).to.equal(200);
      expect(wrong.body.errors?.[0].message).to.equal('Invalid identifier or password');
      expect(wrong.body.errors?.[0].extensions).to.deep.equal({ error: { name: 'ValidationError', message: 'Invalid identifier or password', details: {} }, code: 'BAD_USER_INPUT' });
    });

    it('me answers the user with its role for a JWT; without one it is Forbidden', async () => {
      const me = await gqlData(ctx.app, '{ me { username email role { name type } } }', undefined, bearer(jwt));
      expect(me).to.deep.equal({ me: { username: 'ada', email: 'ada@example.com', role: { name: 'Authenticated', type: 'authenticated' } } });
      const anonymous = await gql(ctx.app, '{ me { id } }');
      expect(anonymous.body).to.deep.include({ data: { me: null } });
      expect(anonymous.body.errors?.[0].extensions).to.deep.equal(FORBIDDEN);
    });

    it('a bad JWT is a 401 before anything runs, as on REST', async () => {
      const res = await gql(ctx.app, '{ articles { data { id } } }', undefined, bearer('not-a-jwt'));
      expect(res.status).to.equal(401);
    });

    it('each operation needs its permission: public may list, not read one nor create; the authenticated role may', async () => {
      expect((await gql(ctx.app, '{ articles { data { id } } }')).body).to.deep.equal({ data: { articles: { data: [] } } });
      const one = await gql(ctx.app, '{ article(id: 1) { data { id } } }');
      expect(one.body.errors?.[0].extensions).to.deep.equal(FORBIDDEN);
      const create = 'mutation { createArticle(data: { title: "By Ada", publishedAt: "2024-01-01T00:00:00.000Z" }) { data { id attributes { title } } } }';
      expect((await gql(ctx.app, create)).body.errors?.[0].extensions).to.deep.equal(FORBIDDEN);
      const created = await gqlData(ctx.app, create, undefined, bearer(jwt));
      expect(created.createArticle.data.attributes).to.deep.equal({ title: 'By Ada' });
      expect((await gqlData(ctx.app, '{ articles { data { attributes { title } } } }')).articles.data).to.deep.equal([{ attributes: { title: 'By Ada' } }]);
    });

    it('a relation whose type the role may not find resolves to nothing', async () => {
      const data = await gqlData(ctx.app, '{ articles { data { attributes { tags { data { id } } author { data { id } } category { data { id } } } } } }');
      expect(data.articles.data[0].attributes).to.deep.equal({ tags: { data: [] }, author: { data: null }, category: { data: null } });
    });

    it('changePassword needs the JWT and answers a new one; the old JWT stops working', async () => {
      const changed = await gqlData(
        ctx.app,
        'mutation { changePassword(currentPassword: "Passw0rd!", password: "N3wPassw0rd!", passwordConfirmation: "N3wPassw0rd!") { jwt user { username } } }',
        undefined,
        bearer(jwt),
      );
      expect(changed.changePassword.user).to.deep.equal({ username: 'ada' });
      expect(changed.changePassword.jwt).to.be.a('string');
      expect((await gql(ctx.app, '{ me { id } }', undefined, bearer(jwt))).status).to.equal(401);
      expect((await gqlData(ctx.app, '{ me { username } }', undefined, bearer(changed.changePassword.jwt))).me).to.deep.equal({ username: 'ada' });
    });

    it('forgotPassword answers ok whether the address is known or not', async () => {
      expect(await gqlData(ctx.app, 'mutation { forgotPassword(email: "nobody@example.com") { ok } }')).to.deep.equal({ forgotPassword: { ok: true } });
    });

    it('the users-permissions types: users and roles are read through the shadow CRUD and written by their own mutations, permissions are not in the schema', async () => {
      const names = (await gqlData(ctx.app, '{ __schema { types { name } } }')).__schema.types.map((t: { name: string }) => t.name);
      expect(names).to.include.members([
        'UsersPermissionsUser',
        'UsersPermissionsUserEntityResponse',
        'UsersPermissionsRole',
        'UsersPermissionsMe',
        'UsersPermissionsMeRole',
        'UsersPermissionsLoginPayload',
        'UsersPermissionsLoginInput',
        'UsersPermissionsRegisterInput',
        'UsersPermissionsPasswordPayload',
      ]);
      expect(names).to.not.include('UsersPermissionsPermission');
      const user = (await gqlData(ctx.app, '{ __type(name: "UsersPermissionsUser") { fields { name } } }')).__type.fields.map((f: { name: string }) => f.name);
      expect(user).to.include.members(['username', 'email', 'confirmed', 'blocked', 'role']);
      expect(user).to.not.include.members(['password', 'resetPasswordToken', 'confirmationToken']);
      const roleMutations = (await gqlData(ctx.app, '{ __type(name: "Mutation") { fields { name } } }')).__type.fields.map((f: { name: string }) => f.name);
      expect(roleMutations).to.include.members([
        'login',
        'register',
        'emailConfirmation',
        'createUsersPermissionsUser',
        'createUsersPermissionsRole',
        'updateUsersPermissionsRole',
        'deleteUsersPermissionsRole',
      ]);
      expect(roleMutations.filter((name: string) => name.includes('Permission') && !name.includes('UsersPermissions'))).to.deep.equal([]);
    });
  },
  { config: { plugins: authPlugins({ permissions: PERMISSIONS }) }, env: { JWT_SECRET } },
);

describeEachDatabase(
  'GraphQL login rate limit',
  (ctx) => {
    it('the login mutation and POST /api/auth/local share one limit per address and identifier', async () => {
      const body = { identifier: 'someone', password: 'wrong-password' };
      expect((await ctx.app.post('/api/auth/local', body)).status).to.equal(400);
      expect((await gql(ctx.app, 'mutation { login(input: { identifier: "someone", password: "wrong-password" }) { jwt } }')).body.errors?.[0].extensions?.code).to.equal('BAD_USER_INPUT');
      const limited = await gql(ctx.app, 'mutation { login(input: { identifier: "someone", password: "wrong-password" }) { jwt } }');
      expect(limited.body.errors?.[0].extensions?.error.name).to.equal('RateLimitError');
      expect(limited.body.errors?.[0].extensions?.code).to.equal('STRAPI_RATE_LIMIT_ERROR');
      expect((await ctx.app.post('/api/auth/local', body)).status).to.equal(429);
    });
  },
  { config: { plugins: authPlugins({ permissions: PERMISSIONS, ratelimit: { enabled: true, max: 2, interval: 60000 } }) }, env: { JWT_SECRET } },
);

/** An app's extension over users-permissions' types and operations, registered after them as in Strapi v4. */
const meExtender = definePlugin({
  name: 'gql-me-extender',
  requires: ['graphql'],
  register(ctx) {
    ctx.service<ExtensionService>('plugin::graphql.extension').use({
      typeDefs: 'type UsersPermissionsMe { greeting: String }',
      resolvers: { Query: { me: () => ({ id: 0, username: 'from the app', greeting: 'hello' }) } },
    });
  },
});

describeEachDatabase(
  "GraphQL users-permissions under an app's extension",
  (ctx) => {
    it("an app's extension adds a field to UsersPermissionsMe and replaces me's resolver; me keeps its permission", async () => {
      const registered = await gqlData(ctx.app, 'mutation { register(input: { username: "eve", email: "eve@example.com", password: "Passw0rd!" }) { jwt } }');
      expect(await gqlData(ctx.app, '{ me { username greeting } }', undefined, bearer(registered.register.jwt))).to.deep.equal({ me: { username: 'from the app', greeting: 'hello' } });
      const anonymous = await gql(ctx.app, '{ me { greeting } }');
      expect(anonymous.body).to.deep.include({ data: { me: null } });
      expect(anonymous.body.errors?.[0].extensions).to.deep.equal(FORBIDDEN);
    });
  },
  { config: { plugins: authPlugins({ permissions: PERMISSIONS }) }, env: { JWT_SECRET }, plugins: [meExtender] },
);
