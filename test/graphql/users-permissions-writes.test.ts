/**
 * The users-permissions mutations beyond login, on every database: `emailConfirmation`, role
 * and user CRUD with Strapi v4's arguments and payloads, each allowed or refused by the
 * permission of its REST route (`plugin::users-permissions.role.createRole`, `.user.destroy`...),
 * with the rows afterwards. A user's password is written hashed, as REST writes it, and can
 * never be read back.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { authPlugins, bearer, JWT_SECRET, register } from '../users-permissions/helpers';
import { gql, gqlData } from './helpers';

const UP = 'plugin::users-permissions';
const PERMISSIONS = {
  public: [`${UP}.auth.callback`],
  authenticated: [
    `${UP}.user.find`,
    `${UP}.user.findOne`,
    `${UP}.user.create`,
    `${UP}.user.update`,
    `${UP}.user.destroy`,
    `${UP}.role.find`,
    `${UP}.role.findOne`,
    `${UP}.role.createRole`,
    `${UP}.role.updateRole`,
    `${UP}.role.deleteRole`,
  ],
};
const FORBIDDEN = { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' };

describeEachDatabase(
  'GraphQL users-permissions writes',
  (ctx) => {
    let jwt = '';
    let authenticatedRole = 0;
    const as = () => bearer(jwt);
    const roleRow = (type: string) => ctx.app.knex('up_roles').where('type', type).first('id', 'name', 'description', 'type');
    const userRow = (id: number) => ctx.app.knex('up_users').where('id', id).first('username', 'email', 'password', 'confirmed', 'blocked');
    const roleOf = async (userId: number) => Number((await ctx.app.knex('up_users_role_links').where('user_id', userId).first('role_id'))?.role_id);
    /** the errors' extensions, the data beside them */
    const refusal = async (query: string, headers: Record<string, string> = {}) => {
      const res = await gql(ctx.app, query, undefined, headers);
      expect(res.status).to.equal(200);
      return { data: res.body.data, extensions: res.body.errors?.map((error) => error.extensions) };
    };

    before(async () => {
      jwt = (await register(ctx.app)).jwt;
      authenticatedRole = Number((await roleRow('authenticated')).id);
    });

    it("emailConfirmation confirms the token's user and signs it in; a wrong token is BAD_USER_INPUT", async () => {
      const { user } = await register(ctx.app);
      await ctx.app.knex('up_users').where('id', user.id).update({ confirmed: false, confirmation_token: 'the-token' });
      const data = await gqlData(ctx.app, 'mutation { emailConfirmation(confirmation: "the-token") { jwt user { id username confirmed } } }');
      expect(data.emailConfirmation.jwt).to.be.a('string');
      expect(data.emailConfirmation.user).to.deep.equal({ id: String(user.id), username: user.username, confirmed: true });
      const row = await ctx.app.knex('up_users').where('id', user.id).first('confirmed', 'confirmation_token');
      expect({ confirmed: Boolean(row.confirmed), token: row.confirmation_token }).to.deep.equal({ confirmed: true, token: null });
      const me = await ctx.app.get('/api/users/me', bearer(data.emailConfirmation.jwt));
      expect({ status: me.status, username: me.body.username }).to.deep.equal({ status: 200, username: user.username });
      expect(await refusal('mutation { emailConfirmation(confirmation: "the-token") { jwt } }')).to.deep.equal({
        data: { emailConfirmation: null },
        extensions: [{ error: { name: 'ValidationError', message: 'Invalid token', details: {} }, code: 'BAD_USER_INPUT' }],
      });
    });

    it('createUsersPermissionsRole needs role.createRole, answers { ok } and writes the role', async () => {
      const create = 'mutation { createUsersPermissionsRole(data: { name: "Édition Team", description: "edits" }) { ok } }';
      expect(await refusal(create)).to.deep.equal({ data: { createUsersPermissionsRole: null }, extensions: [FORBIDDEN] });
      expect(await roleRow('edition_team')).to.equal(undefined);
      expect(await gqlData(ctx.app, create, undefined, as())).to.deep.equal({ createUsersPermissionsRole: { ok: true } });
      const row = await roleRow('edition_team');
      expect({ ...row, id: undefined }).to.deep.equal({ id: undefined, name: 'Édition Team', description: 'edits', type: 'edition_team' });
    });

    it('updateUsersPermissionsRole needs role.updateRole; an unknown id is NotFound "Role not found"', async () => {
      const { id } = await roleRow('edition_team');
      const update = `mutation { updateUsersPermissionsRole(id: ${id}, data: { name: "Editors", description: "edit all" }) { ok } }`;
      expect(await refusal(update)).to.deep.equal({ data: { updateUsersPermissionsRole: null }, extensions: [FORBIDDEN] });
      expect(await gqlData(ctx.app, update, undefined, as())).to.deep.equal({ updateUsersPermissionsRole: { ok: true } });
      expect(await roleRow('edition_team')).to.deep.equal({ id, name: 'Editors', description: 'edit all', type: 'edition_team' });
      expect(await refusal('mutation { updateUsersPermissionsRole(id: 999999, data: { name: "x" }) { ok } }', as())).to.deep.equal({
        data: { updateUsersPermissionsRole: null },
        extensions: [{ error: { name: 'NotFoundError', message: 'Role not found', details: {} }, code: 'STRAPI_NOT_FOUND_ERROR' }],
      });
    });

    it('deleteUsersPermissionsRole needs role.deleteRole; its users fall back to the public role; the public role stays', async () => {
      const { id } = await roleRow('edition_team');
      const { user } = await register(ctx.app);
      await ctx.app.knex('up_users_role_links').where('user_id', user.id).update({ role_id: id });
      const remove = `mutation { deleteUsersPermissionsRole(id: ${id}) { ok } }`;
      expect(await refusal(remove)).to.deep.equal({ data: { deleteUsersPermissionsRole: null }, extensions: [FORBIDDEN] });
      expect(await roleRow('edition_team')).to.not.equal(undefined);
      expect(await gqlData(ctx.app, remove, undefined, as())).to.deep.equal({ deleteUsersPermissionsRole: { ok: true } });
      expect(await roleRow('edition_team')).to.equal(undefined);
      expect(await roleOf(user.id)).to.equal(Number((await roleRow('public')).id));
      const publicRole = (await roleRow('public')).id;
      expect(await refusal(`mutation { deleteUsersPermissionsRole(id: ${publicRole}) { ok } }`, as())).to.deep.equal({
        data: { deleteUsersPermissionsRole: null },
        extensions: [{ error: { name: 'ApplicationError', message: 'Cannot delete public role', details: {} }, code: 'STRAPI_APPLICATION_ERROR' }],
      });
    });

    it('usersPermissionsRoles and usersPermissionsRole need role.find and role.findOne', async () => {
      expect(await refusal('{ usersPermissionsRoles { data { id } } }')).to.deep.equal({ data: { usersPermissionsRoles: null }, extensions: [FORBIDDEN] });
      const listed = await gqlData(ctx.app, '{ usersPermissionsRoles(sort: "type") { data { attributes { type } } } }', undefined, as());
      expect(listed.usersPermissionsRoles.data.map((r: { attributes: { type: string } }) => r.attributes.type)).to.deep.equal(['authenticated', 'public']);
      expect(await refusal(`{ usersPermissionsRole(id: ${authenticatedRole}) { data { id } } }`)).to.deep.equal({ data: { usersPermissionsRole: null }, extensions: [FORBIDDEN] });
      expect(await gqlData(ctx.app, `{ usersPermissionsRole(id: ${authenticatedRole}) { data { id attributes { name } } } }`, undefined, as())).to.deep.equal({
        usersPermissionsRole: { data: { id: String(authenticatedRole), attributes: { name: 'Authenticated' } } },
      });
    });

    let created = 0;

    it('createUsersPermissionsUser needs user.create; the password is stored hashed and signs the user in', async () => {
      const create = `mutation { createUsersPermissionsUser(data: { username: "grace", email: "Grace@Example.com", password: "S3cretPass", role: ${authenticatedRole} }) {
      data { id attributes { username email provider confirmed blocked role { data { attributes { type } } } } } } }`;
      expect(await refusal(create)).to.deep.equal({ data: null, extensions: [FORBIDDEN] });
      expect(await ctx.app.knex('up_users').where('username', 'grace')).to.deep.equal([]);
      const data = await gqlData(ctx.app, create, undefined, as());
      created = Number(data.createUsersPermissionsUser.data.id);
      expect(data).to.deep.equal({
        createUsersPermissionsUser: {
          data: {
            id: String(created),
            attributes: { username: 'grace', email: 'grace@example.com', provider: 'local', confirmed: false, blocked: false, role: { data: { attributes: { type: 'authenticated' } } } },
          },
        },
      });
      const row = await userRow(created);
      expect(row.password).to.match(/^\$2[aby]\$10\$/);
      expect(await roleOf(created)).to.equal(authenticatedRole);
      const login = await ctx.app.post('/api/auth/local', { identifier: 'grace', password: 'S3cretPass' });
      expect(login.status).to.equal(200);
      // as REST: the role is required, a taken email refused
      expect(await refusal('mutation { createUsersPermissionsUser(data: { username: "norole", email: "norole@example.com", password: "S3cretPass" }) { data { id } } }', as())).to.deep.equal({
        data: null,
        extensions: [
          {
            error: { name: 'ValidationError', message: 'role is a required field', details: { errors: [{ path: ['role'], message: 'role is a required field', name: 'ValidationError' }] } },
            code: 'BAD_USER_INPUT',
          },
        ],
      });
      expect(
        await refusal(`mutation { createUsersPermissionsUser(data: { username: "grace2", email: "grace@example.com", password: "S3cretPass", role: ${authenticatedRole} }) { data { id } } }`, as()),
      ).to.deep.equal({
        data: null,
        extensions: [{ error: { name: 'ApplicationError', message: 'Email already taken', details: {} }, code: 'STRAPI_APPLICATION_ERROR' }],
      });
    });

    it('the password is in UsersPermissionsUserInput and in no output type', async () => {
      const input = (await gqlData(ctx.app, '{ __type(name: "UsersPermissionsUserInput") { inputFields { name } } }')).__type.inputFields.map((f: { name: string }) => f.name);
      expect(input).to.include('password');
      const output = (await gqlData(ctx.app, '{ __type(name: "UsersPermissionsUser") { fields { name } } }')).__type.fields.map((f: { name: string }) => f.name);
      expect(output).to.not.include('password');
      const res = await gql(ctx.app, `{ usersPermissionsUser(id: ${created}) { data { attributes { password } } } }`, undefined, as());
      expect(res.status).to.equal(400);
      expect(res.body.errors?.[0].message).to.equal('Cannot query field "password" on type "UsersPermissionsUser".');
    });

    it('usersPermissionsUsers and usersPermissionsUser need user.find and user.findOne', async () => {
      expect(await refusal('{ usersPermissionsUsers { data { id } } }')).to.deep.equal({ data: { usersPermissionsUsers: null }, extensions: [FORBIDDEN] });
      expect(await refusal(`{ usersPermissionsUser(id: ${created}) { data { id } } }`)).to.deep.equal({ data: { usersPermissionsUser: null }, extensions: [FORBIDDEN] });
      const listed = await gqlData(ctx.app, '{ usersPermissionsUsers(filters: { username: { eq: "grace" } }) { data { id attributes { email } } } }', undefined, as());
      expect(listed).to.deep.equal({ usersPermissionsUsers: { data: [{ id: String(created), attributes: { email: 'grace@example.com' } }] } });
      expect(await gqlData(ctx.app, `{ usersPermissionsUser(id: ${created}) { data { attributes { username } } } }`, undefined, as())).to.deep.equal({
        usersPermissionsUser: { data: { attributes: { username: 'grace' } } },
      });
    });

    it('updateUsersPermissionsUser needs user.update; a new password is hashed; an unknown id is NotFound', async () => {
      const before = await userRow(created);
      const update = `mutation { updateUsersPermissionsUser(id: ${created}, data: { username: "grace.h", password: "N3wSecret!", blocked: false }) { data { id attributes { username } } } }`;
      expect(await refusal(update)).to.deep.equal({ data: null, extensions: [FORBIDDEN] });
      expect(await userRow(created)).to.deep.equal(before);
      expect(await gqlData(ctx.app, update, undefined, as())).to.deep.equal({ updateUsersPermissionsUser: { data: { id: String(created), attributes: { username: 'grace.h' } } } });
      const row = await userRow(created);
      expect(row.password)
        .to.match(/^\$2[aby]\$10\$/)
        .and.not.equal(before.password);
      expect((await ctx.app.post('/api/auth/local', { identifier: 'grace.h', password: 'N3wSecret!' })).status).to.equal(200);
      expect((await ctx.app.post('/api/auth/local', { identifier: 'grace.h', password: 'S3cretPass' })).status).to.equal(400);
      expect(await refusal('mutation { updateUsersPermissionsUser(id: 999999, data: { username: "ghost" }) { data { id } } }', as())).to.deep.equal({
        data: null,
        extensions: [{ error: { name: 'NotFoundError', message: 'User not found', details: {} }, code: 'STRAPI_NOT_FOUND_ERROR' }],
      });
    });

    it('deleteUsersPermissionsUser needs user.destroy and answers the user as it was', async () => {
      const remove = `mutation { deleteUsersPermissionsUser(id: ${created}) { data { id attributes { username email } } } }`;
      expect(await refusal(remove)).to.deep.equal({ data: null, extensions: [FORBIDDEN] });
      expect(await userRow(created)).to.not.equal(undefined);
      expect(await gqlData(ctx.app, remove, undefined, as())).to.deep.equal({
        deleteUsersPermissionsUser: { data: { id: String(created), attributes: { username: 'grace.h', email: 'grace@example.com' } } },
      });
      expect(await userRow(created)).to.equal(undefined);
      expect(await ctx.app.knex('up_users_role_links').where('user_id', created)).to.deep.equal([]);
      expect(await refusal(remove, as())).to.deep.equal({
        data: null,
        extensions: [{ error: { name: 'NotFoundError', message: 'Not Found', details: {} }, code: 'STRAPI_NOT_FOUND_ERROR' }],
      });
    });
  },
  { config: { plugins: authPlugins({ permissions: PERMISSIONS }) }, env: { JWT_SECRET } },
);
