/**
 * Users and permissions in the GraphQL schema, Strapi v4's types and operations, contributed
 * through the graphql plugin's extension service when that plugin is enabled: `me`, `login`,
 * `register`, `forgotPassword`, `resetPassword`, `changePassword`, `emailConfirmation`, through
 * the accounts service (so the `login` mutation is rate limited by the same limiter, on the
 * same keys, as `POST /api/auth/local`); user and role writes through the same code as their
 * REST routes, with the same permissions (`plugin::users-permissions.user.create`,
 * `.role.createRole`...), as Strapi v4 scopes them. Permissions are no API: that type is left
 * out; users and roles are read through the shadow CRUD, with their content-API permissions.
 */
import { NotFoundError, UnauthorizedError } from '@platform/core';
import { parseId, type EntityService } from '@platform/query-engine';
// Types only: the graphql plugin hands these in when it builds its schema.
import type { Extension, ExtensionArgs, ExtensionService, GraphqlContext, Resolvers } from '@platform/graphql';
import type { AccountRequest, AccountsService, AuthAnswer } from './accounts';
import { PERMISSION_UID, PLUGIN_NAME as PLUGIN, ROLE_UID, USER_UID } from './content-types';
import { createRoleWrites } from './controllers/role';
import { createUserWrites } from './controllers/user';
import type { UsersPermissionsContext } from './runtime';

const TYPE_DEFS = `
  input UsersPermissionsLoginInput { identifier: String!  password: String!  provider: String! = "local" }
  input UsersPermissionsRegisterInput { username: String!  email: String!  password: String! }
  type UsersPermissionsMeRole { id: ID!  name: String!  description: String  type: String }
  type UsersPermissionsMe { id: ID!  username: String!  email: String  confirmed: Boolean  blocked: Boolean  role: UsersPermissionsMeRole }
  type UsersPermissionsLoginPayload { jwt: String  user: UsersPermissionsMe! }
  type UsersPermissionsPasswordPayload { ok: Boolean! }
  type Query { me: UsersPermissionsMe }
  type Mutation {
    login(input: UsersPermissionsLoginInput!): UsersPermissionsLoginPayload!
    register(input: UsersPermissionsRegisterInput!): UsersPermissionsLoginPayload!
    forgotPassword(email: String!): UsersPermissionsPasswordPayload
    resetPassword(password: String!, passwordConfirmation: String!, code: String!): UsersPermissionsLoginPayload
    changePassword(currentPassword: String!, password: String!, passwordConfirmation: String!): UsersPermissionsLoginPayload
    emailConfirmation(confirmation: String!): UsersPermissionsLoginPayload
  }
`;

/** Role writes, over the generated role input (when the shadow CRUD made it). */
const ROLE_TYPE_DEFS = `
  type UsersPermissionsCreateRolePayload { ok: Boolean! }
  type UsersPermissionsUpdateRolePayload { ok: Boolean! }
  type UsersPermissionsDeleteRolePayload { ok: Boolean! }
  type Mutation {
    createUsersPermissionsRole(data: UsersPermissionsRoleInput!): UsersPermissionsCreateRolePayload
    updateUsersPermissionsRole(id: ID!, data: UsersPermissionsRoleInput!): UsersPermissionsUpdateRolePayload
    deleteUsersPermissionsRole(id: ID!): UsersPermissionsDeleteRolePayload
  }
`;

/** User writes, over the generated user types (when the shadow CRUD made them). */
const USER_TYPE_DEFS = `
  type Mutation {
    createUsersPermissionsUser(data: UsersPermissionsUserInput!): UsersPermissionsUserEntityResponse!
    updateUsersPermissionsUser(id: ID!, data: UsersPermissionsUserInput!): UsersPermissionsUserEntityResponse!
    deleteUsersPermissionsUser(id: ID!): UsersPermissionsUserEntityResponse!
  }
`;

/** Strapi v4's input has the password: written (hashed) like REST's, never in any output type. */
function addPasswordInput(composer: ExtensionArgs['composer']): void {
  if (composer.has('UsersPermissionsUserInput')) composer.getITC('UsersPermissionsUserInput').addFields({ password: 'String' });
}

/** Switches that run in register: permissions are no type of the API; users and roles are written as their routes write them (below). */
export function switchUsersPermissions(extension: ExtensionService): void {
  extension.shadowCRUD(PERMISSION_UID).disable();
  extension.shadowCRUD(ROLE_UID).disableMutations();
  extension.shadowCRUD(USER_UID).disableMutations();
}

function accountRequest(context: GraphqlContext): AccountRequest {
  const user = context.state.user as { id?: unknown } | undefined;
  return { ip: context.http.ip, context: context.contentApi, user: typeof user?.id === 'number' ? { id: user.id } : null };
}

/** `{ jwt, user }` as `UsersPermissionsLoginPayload` (no jwt when the email must be confirmed first). */
const payload = (answer: AuthAnswer | { user: AuthAnswer['user'] }) => ({ jwt: 'jwt' in answer ? answer.jwt : null, user: { role: null, ...answer.user } });

/** A GraphQL input object as a request body (its prototype is null). */
const body = (args: Record<string, unknown>): Record<string, unknown> => (typeof args.data === 'object' && args.data !== null ? { ...args.data } : {});

/** An `ID!` argument that names no user is what REST answers for such a route: a 404. */
function userId(args: Record<string, unknown>): number {
  const id = parseId(args.id as string | undefined);
  if (id === null) throw new NotFoundError('Not Found', {});
  return id;
}

export function usersPermissionsGraphql(platform: UsersPermissionsContext) {
  const accounts = () => platform.service<AccountsService>(`plugin::${PLUGIN}.accounts`);
  const entityService = () => platform.service<EntityService>('plugin::query-engine.entity-service');
  const users = () => createUserWrites(platform, platform.state.config);
  const roles = () => createRoleWrites(platform, () => platform.state.access);
  return ({ readEntityResponse, isExposed }: ExtensionArgs): Extension => {
    const userModel = platform.models.get(USER_UID);
    const withRoles = isExposed(platform.models.get(ROLE_UID));
    const withUsers = isExposed(userModel);
    const readUser = (id: number, context: GraphqlContext, info: Parameters<ExtensionArgs['readEntityResponse']>[3]) => readEntityResponse(userModel, id, context, info);
    const roleResolvers: Resolvers['Mutation'] = {
      createUsersPermissionsRole: (_parent, args) => roles().create(body(args)),
      updateUsersPermissionsRole: (_parent, args) => roles().update((args as { id: unknown }).id, body(args)),
      deleteUsersPermissionsRole: (_parent, args) => roles().remove((args as { id: unknown }).id),
    };
    const userResolvers: Resolvers['Mutation'] = {
      async createUsersPermissionsUser(_parent, args, context, info) {
        return readUser((await users().create(body(args))).id, context, info);
      },
      async updateUsersPermissionsUser(_parent, args, context, info) {
        return readUser((await users().update(userId(args), body(args))).id, context, info);
      },
      // the user as it was, read before it goes, in the same transaction
      deleteUsersPermissionsUser: (_parent, args, context, info) =>
        platform.db.transaction(async () => {
          const id = userId(args);
          const answer = await readUser(id, context, info);
          await users().destroy(id);
          return answer;
        }),
    };
    return {
      typeDefs: [TYPE_DEFS, withRoles ? ROLE_TYPE_DEFS : '', withUsers ? USER_TYPE_DEFS : ''].join(''),
      plugins: withUsers ? [addPasswordInput] : [],
      resolvers: {
        Query: {
          async me(_parent, _args, context) {
            const user = context.state.user as { id?: unknown } | undefined;
            if (typeof user?.id !== 'number') throw new UnauthorizedError('Authentication requested', {});
            // the caller's own user and role, whatever the role may read of other users
            const entry = await entityService().findOne(USER_UID, user.id, { populate: { role: true } });
            if (!entry) throw new UnauthorizedError('Authentication requested', {});
            const role = entry.role as Record<string, unknown> | null | undefined;
            return { ...entry, role: role ? { id: role.id, name: role.name, description: role.description, type: role.type } : null };
          },
        },
        Mutation: {
          login: async (_parent, args, context) => payload(await accounts().login((args as { input: unknown }).input, accountRequest(context))),
          register: async (_parent, args, context) => payload(await accounts().register((args as { input: unknown }).input, accountRequest(context))),
          forgotPassword: (_parent, args, context) => accounts().forgotPassword({ ...args }, accountRequest(context)),
          resetPassword: async (_parent, args, context) => payload(await accounts().resetPassword({ ...args }, accountRequest(context))),
          changePassword: async (_parent, args, context) => payload(await accounts().changePassword({ ...args }, accountRequest(context))),
          emailConfirmation: async (_parent, args, context) => payload(await accounts().confirmEmailAndSignIn((args as { confirmation: unknown }).confirmation, accountRequest(context))),
          ...(withRoles ? roleResolvers : {}),
          ...(withUsers ? userResolvers : {}),
        },
      },
      // as Strapi v4: anyone may log in, register, reset a password or confirm an email; the rest needs the permission of its REST route
      resolversConfig: {
        'Query.me': { auth: { scope: [`${USER_UID}.me`] } },
        'Mutation.login': { auth: false },
        'Mutation.register': { auth: false },
        'Mutation.forgotPassword': { auth: false },
        'Mutation.resetPassword': { auth: false },
        'Mutation.changePassword': { auth: { scope: [`plugin::${PLUGIN}.auth.changePassword`] } },
        'Mutation.emailConfirmation': { auth: false },
        'Mutation.createUsersPermissionsRole': { auth: { scope: [`${ROLE_UID}.createRole`] } },
        'Mutation.updateUsersPermissionsRole': { auth: { scope: [`${ROLE_UID}.updateRole`] } },
        'Mutation.deleteUsersPermissionsRole': { auth: { scope: [`${ROLE_UID}.deleteRole`] } },
        'Mutation.createUsersPermissionsUser': { auth: { scope: [`${USER_UID}.create`] } },
        'Mutation.updateUsersPermissionsUser': { auth: { scope: [`${USER_UID}.update`] } },
        'Mutation.deleteUsersPermissionsUser': { auth: { scope: [`${USER_UID}.destroy`] } },
      },
    };
  };
}
