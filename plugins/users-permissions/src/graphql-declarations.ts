/**
 * Users and permissions on GraphQL, Strapi v4's types and operations, declared to the content
 * API as data (the graphql plugin reads it when it builds its schema): `me`, `login`,
 * `register`, `forgotPassword`, `resetPassword`, `changePassword`, `emailConfirmation`, through
 * the accounts service (so the `login` mutation is rate limited by the same limiter, on the
 * same keys, as `POST /api/auth/local`); user and role writes through the same code as their
 * REST routes, with the same permissions (`plugin::users-permissions.user.create`,
 * `.role.createRole`...), as Strapi v4 scopes them. Permissions are no API: that type is left
 * out; users and roles are read through the generated queries, with their content-API permissions.
 */
import { NotFoundError, UnauthorizedError } from '@platform/core';
import { parseId, type Declarations, type EntityService, type GraphqlOperationCall, type GraphqlOperationDeclaration } from '@platform/query-engine';
import type { AccountRequest, AccountsService, AuthAnswer } from './accounts';
import { PERMISSION_UID, PLUGIN_NAME as PLUGIN, ROLE_UID, USER_UID } from './content-types';
import { createRoleWrites } from './controllers/role';
import { createUserWrites } from './controllers/user';
import { declareGraphqlTypes } from './graphql-types';
import type { UsersPermissionsContext } from './runtime';

type Resolve = GraphqlOperationDeclaration['resolve'];

function accountRequest({ http, context, state }: GraphqlOperationCall): AccountRequest {
  const user = state.user as { id?: unknown } | undefined;
  return { ip: http.ip, context, user: typeof user?.id === 'number' ? { id: user.id } : null };
}

/** `{ jwt, user }` as `UsersPermissionsLoginPayload` (no jwt when the email must be confirmed first). */
const payload = (answer: AuthAnswer | { user: AuthAnswer['user'] }) => ({ jwt: 'jwt' in answer ? answer.jwt : null, user: { role: null, ...answer.user } });

/** The `data` argument as a request body. */
const body = (args: Record<string, unknown>): Record<string, unknown> => (typeof args.data === 'object' && args.data !== null ? { ...args.data } : {});

/** An `ID!` argument that names no user is what REST answers for such a route: a 404. */
function userId(args: Record<string, unknown>): number {
  const id = parseId(args.id as string | undefined);
  if (id === null) throw new NotFoundError('Not Found', {});
  return id;
}

/** The caller's own user and role, whatever the role may read of other users. */
function me(platform: UsersPermissionsContext): Resolve {
  return async ({ state }) => {
    const user = state.user as { id?: unknown } | undefined;
    if (typeof user?.id !== 'number') throw new UnauthorizedError('Authentication requested', {});
    const entry = await platform.service<EntityService>('plugin::query-engine.entity-service').findOne(USER_UID, user.id, { populate: { role: true } });
    if (!entry) throw new UnauthorizedError('Authentication requested', {});
    const role = entry.role as Record<string, unknown> | null | undefined;
    return { ...entry, role: role ? { id: role.id, name: role.name, description: role.description, type: role.type } : null };
  };
}

/** As Strapi v4: anyone may log in, register, reset a password or confirm an email; changing one's password needs its REST route's permission. */
function accountOperations(platform: UsersPermissionsContext): GraphqlOperationDeclaration[] {
  const accounts = () => platform.service<AccountsService>(`plugin::${PLUGIN}.accounts`);
  /** A mutation answered as `UsersPermissionsLoginPayload`. */
  const signIn =
    (run: (args: Record<string, unknown>, request: AccountRequest) => Promise<AuthAnswer | { user: AuthAnswer['user'] }>): Resolve =>
    async (call) =>
      payload(await run(call.args, accountRequest(call)));
  return [
    { root: 'Query', name: 'me', type: 'UsersPermissionsMe', scope: [`${USER_UID}.me`], resolve: me(platform) },
    {
      root: 'Mutation',
      name: 'login',
      args: { input: 'UsersPermissionsLoginInput!' },
      type: 'UsersPermissionsLoginPayload!',
      scope: false,
      resolve: signIn((args, request) => accounts().login(args.input, request)),
    },
    {
      root: 'Mutation',
      name: 'register',
      args: { input: 'UsersPermissionsRegisterInput!' },
      type: 'UsersPermissionsLoginPayload!',
      scope: false,
      resolve: signIn((args, request) => accounts().register(args.input, request)),
    },
    {
      root: 'Mutation',
      name: 'forgotPassword',
      args: { email: 'String!' },
      type: 'UsersPermissionsPasswordPayload',
      scope: false,
      resolve: (call) => accounts().forgotPassword(call.args, accountRequest(call)),
    },
    {
      root: 'Mutation',
      name: 'resetPassword',
      args: { password: 'String!', passwordConfirmation: 'String!', code: 'String!' },
      type: 'UsersPermissionsLoginPayload',
      scope: false,
      resolve: signIn((args, request) => accounts().resetPassword(args, request)),
    },
    {
      root: 'Mutation',
      name: 'changePassword',
      args: { currentPassword: 'String!', password: 'String!', passwordConfirmation: 'String!' },
      type: 'UsersPermissionsLoginPayload',
      scope: [`plugin::${PLUGIN}.auth.changePassword`],
      resolve: signIn((args, request) => accounts().changePassword(args, request)),
    },
    {
      root: 'Mutation',
      name: 'emailConfirmation',
      args: { confirmation: 'String!' },
      type: 'UsersPermissionsLoginPayload',
      scope: false,
      resolve: signIn((args, request) => accounts().confirmEmailAndSignIn(args.confirmation, request)),
    },
  ];
}

/** Role writes over the generated role input, answered `{ ok }` (only with the generated role types). */
function roleOperations(platform: UsersPermissionsContext): GraphqlOperationDeclaration[] {
  const roles = () => createRoleWrites(platform, () => platform.state.access);
  const write = { root: 'Mutation', models: ROLE_UID } as const;
  return [
    {
      ...write,
      name: 'createUsersPermissionsRole',
      args: { data: 'UsersPermissionsRoleInput!' },
      type: 'UsersPermissionsCreateRolePayload',
      scope: [`${ROLE_UID}.createRole`],
      resolve: ({ args }) => roles().create(body(args)),
    },
    {
      ...write,
      name: 'updateUsersPermissionsRole',
      args: { id: 'ID!', data: 'UsersPermissionsRoleInput!' },
      type: 'UsersPermissionsUpdateRolePayload',
      scope: [`${ROLE_UID}.updateRole`],
      resolve: ({ args }) => roles().update(args.id, body(args)),
    },
    {
      ...write,
      name: 'deleteUsersPermissionsRole',
      args: { id: 'ID!' },
      type: 'UsersPermissionsDeleteRolePayload',
      scope: [`${ROLE_UID}.deleteRole`],
      resolve: ({ args }) => roles().remove(args.id),
    },
  ];
}

/** User writes, answered as the generated user queries answer (only with the generated user types). */
function userOperations(platform: UsersPermissionsContext): GraphqlOperationDeclaration[] {
  const users = () => createUserWrites(platform, platform.state.config);
  const write = { root: 'Mutation', models: USER_UID, type: 'UsersPermissionsUserEntityResponse!' } as const;
  return [
    {
      ...write,
      name: 'createUsersPermissionsUser',
      args: { data: 'UsersPermissionsUserInput!' },
      scope: [`${USER_UID}.create`],
      resolve: async ({ args, readEntry }) => readEntry((await users().create(body(args))).id),
    },
    {
      ...write,
      name: 'updateUsersPermissionsUser',
      args: { id: 'ID!', data: 'UsersPermissionsUserInput!' },
      scope: [`${USER_UID}.update`],
      resolve: async ({ args, readEntry }) => readEntry((await users().update(userId(args), body(args))).id),
    },
    {
      ...write,
      name: 'deleteUsersPermissionsUser',
      args: { id: 'ID!' },
      scope: [`${USER_UID}.destroy`],
      // the user as it was, read before it goes, in the same transaction
      resolve: ({ args, readEntry }) =>
        platform.db.transaction(async () => {
          const id = userId(args);
          const answer = await readEntry(id);
          await users().destroy(id);
          return answer;
        }),
    },
  ];
}

export function declareGraphql(declarations: Declarations, platform: UsersPermissionsContext): void {
  const owner = platform.name;
  const { graphql } = declarations;
  graphql.model(owner, { models: PERMISSION_UID, hidden: true });
  // users and roles are written as their REST routes write them (below), not by the generated mutations
  graphql.model(owner, { models: (model) => model.uid === ROLE_UID || model.uid === USER_UID, withoutActions: ['create', 'update', 'delete'] });
  // Strapi v4's user input has the password: written (hashed) as REST writes it, in no output type
  graphql.model(owner, { models: USER_UID, inputFields: { password: 'String' } });
  declareGraphqlTypes(graphql, owner);
  for (const declared of [...accountOperations(platform), ...roleOperations(platform), ...userOperations(platform)]) graphql.operation(owner, declared);
}
