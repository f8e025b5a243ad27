/**
 * Users and permissions in the GraphQL schema, Strapi v4's types and operations, contributed
 * through the graphql plugin's extension service when that plugin is enabled: `me`, `login`, `register`, `forgotPassword`,
 * `resetPassword`, `changePassword`, through the accounts service (so the `login` mutation is
 * rate limited by the same limiter, on the same keys, as `POST /api/auth/local`). Its permissions are no API: that type is left out; users and roles
 * are read (and users written) through the shadow CRUD, with their content-API permissions.
 */
import { UnauthorizedError, type PluginContext } from '@platform/core';
import type { EntityService } from '@platform/query-engine';
// Types only: the graphql plugin hands these in when it builds its schema.
import type { Extension, ExtensionService, GraphqlContext } from '@platform/graphql';
import type { AccountRequest, AccountsService, AuthAnswer } from './accounts';
import { PERMISSION_UID, PLUGIN_NAME as PLUGIN, ROLE_UID, USER_UID } from './content-types';

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
  }
`;

/** Switches that run in register: permissions are no type of the API; roles are written through their routes. */
export function switchUsersPermissions(extension: ExtensionService): void {
  extension.shadowCRUD(PERMISSION_UID).disable();
  extension.shadowCRUD(ROLE_UID).disableMutations();
}

function accountRequest(context: GraphqlContext): AccountRequest {
  const user = context.state.user as { id?: unknown } | undefined;
  return { ip: context.http.ip, origin: context.http.origin, context: context.contentApi, user: typeof user?.id === 'number' ? { id: user.id } : null };
}

/** `{ jwt, user }` as `UsersPermissionsLoginPayload` (no jwt when the email must be confirmed first). */
const payload = (answer: AuthAnswer | { user: AuthAnswer['user'] }) => ({ jwt: 'jwt' in answer ? answer.jwt : null, user: { role: null, ...answer.user } });

export function usersPermissionsGraphql(platform: PluginContext) {
  const accounts = () => platform.service<AccountsService>(`plugin::${PLUGIN}.accounts`);
  const entityService = () => platform.service<EntityService>('plugin::query-engine.entity-service');
  return (): Extension => ({
    typeDefs: TYPE_DEFS,
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
      },
    },
    // as Strapi v4: anyone may log in or register; `me` and a password change need those permissions
    resolversConfig: {
      'Query.me': { auth: { scope: [`${USER_UID}.me`] } },
      'Mutation.login': { auth: false },
      'Mutation.register': { auth: false },
      'Mutation.forgotPassword': { auth: false },
      'Mutation.resetPassword': { auth: false },
      'Mutation.changePassword': { auth: { scope: [`plugin::${PLUGIN}.auth.changePassword`] } },
    },
  });
}
