/**
 * What this plugin declares about itself to the content API, for the transports to read (the
 * API's document), besides who the public role is (./public-access.ts): the user's JWT among
 * the credentials routes take, and its own routes, which answer bare objects rather than the
 * `{ data }` envelope. Plain data; no transport is imported.
 */
import { modelSchemaRef, type Declarations, type JsonSchema, type RouteDescription } from '@platform/query-engine';
import { PLUGIN_NAME, USER_UID } from './content-types';

type SchemaObject = JsonSchema;
const USER = 'UsersPermissionsUserRecord';
const AUTH_ANSWER = 'UsersPermissionsAuthAnswer';
const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: SchemaObject) => ({ 'application/json': { schema } });
const body = (required: string[], properties: Record<string, SchemaObject>) => ({ required: true, content: json({ type: 'object', required, properties }) });
const ok = (description: string, schema: SchemaObject) => ({ '200': { description, content: json(schema) } });
const text: SchemaObject = { type: 'string' };
const action = (name: string) => ({ handler: `plugin::${PLUGIN_NAME}.${name}` });

export function declareRoutes(declarations: Declarations): void {
  const describe = (match: ReturnType<typeof action>, description: RouteDescription) => declarations.describeRoute(PLUGIN_NAME, match, description);
  declarations.addCredentials(PLUGIN_NAME, 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A user's JWT (POST /api/auth/local): `Authorization: Bearer <jwt>`" });
  declarations.addSchemas(PLUGIN_NAME, {
    [USER]: {
      description: 'A user, flat (its id beside its attributes)',
      allOf: [{ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }, { $ref: modelSchemaRef(USER_UID) }],
    },
    [AUTH_ANSWER]: { type: 'object', required: ['jwt', 'user'], properties: { jwt: text, user: ref(USER) } },
  });
  const signedIn = ok('The user and a JWT for it', ref(AUTH_ANSWER));
  describe(action('auth.callback'), {
    summary: 'Log in with a username or email and a password',
    requestBody: body(['identifier', 'password'], { identifier: text, password: text }),
    responses: signedIn,
  });
  describe(action('auth.register'), {
    summary: 'Register a user (with the default role); without a JWT when the email must be confirmed first',
    requestBody: body(['username', 'email', 'password'], { username: text, email: { type: 'string', format: 'email' }, password: text }),
    responses: ok('The user, and a JWT unless the email must be confirmed', { type: 'object', required: ['user'], properties: { jwt: text, user: ref(USER) } }),
  });
  describe(action('auth.forgotPassword'), {
    summary: 'Send a password reset email',
    requestBody: body(['email'], { email: { type: 'string', format: 'email' } }),
    responses: ok('Sent (also for an unknown email)', { type: 'object', properties: { ok: { const: true } } }),
  });
  describe(action('auth.resetPassword'), {
    summary: 'Set a new password with the emailed code',
    requestBody: body(['code', 'password', 'passwordConfirmation'], { code: text, password: text, passwordConfirmation: text }),
    responses: signedIn,
  });
  describe(action('auth.changePassword'), {
    summary: "Change the caller's password",
    requestBody: body(['currentPassword', 'password', 'passwordConfirmation'], { currentPassword: text, password: text, passwordConfirmation: text }),
    responses: signedIn,
  });
  describe(action('auth.sendEmailConfirmation'), {
    summary: 'Send the email confirmation again',
    requestBody: body(['email'], { email: { type: 'string', format: 'email' } }),
    responses: ok('Sent', { type: 'object', properties: { email: text, sent: { const: true } } }),
  });
  describe(action('auth.emailConfirmation'), {
    summary: 'Confirm an email (the link of the confirmation email)',
    parameters: [{ name: 'confirmation', in: 'query', required: true, schema: text }],
    responses: { '302': { description: 'To the configured redirection' } },
  });
  describe(action('user.find'), { summary: 'List users (a bare list)', responses: ok('The users', { type: 'array', items: ref(USER) }) });
  describe(action('user.count'), { summary: 'Count users', responses: ok('How many', { type: 'integer' }) });
  describe(action('user.me'), { summary: 'The caller', responses: ok('The caller', ref(USER)) });
  for (const name of ['user.findOne', 'user.create', 'user.update', 'user.destroy']) {
    describe(action(name), { responses: ok('The user', ref(USER)) });
  }
  const role: SchemaObject = { type: 'object', required: ['id', 'name', 'type'], properties: { id: { type: 'integer' }, name: text, description: { type: ['string', 'null'] }, type: text } };
  const roleBody = body(['name'], { name: text, description: text, permissions: { type: 'object', description: 'the permission tree of GET /api/users-permissions/permissions, with `enabled` set' } });
  const done = ok('Done', { type: 'object', properties: { ok: { const: true } } });
  describe(action('role.find'), {
    summary: 'The roles, with their numbers of users',
    responses: ok('The roles', {
      type: 'object',
      required: ['roles'],
      properties: { roles: { type: 'array', items: { allOf: [role, { type: 'object', properties: { nb_users: { type: 'integer' } } }] } } },
    }),
  });
  describe(action('role.findOne'), {
    summary: 'A role with its permission tree',
    responses: ok('The role', { type: 'object', required: ['role'], properties: { role: { allOf: [role, { type: 'object', properties: { permissions: { type: 'object' } } }] } } }),
  });
  describe(action('role.createRole'), { summary: 'Create a role', requestBody: roleBody, responses: done });
  describe(action('role.updateRole'), { summary: 'Change a role and its permissions', requestBody: roleBody, responses: done });
  describe(action('role.deleteRole'), { summary: 'Delete a role', responses: done });
  describe(action('permissions.getPermissions'), {
    summary: 'Every action a role may be granted, as a tree',
    responses: ok('The tree', { type: 'object', required: ['permissions'], properties: { permissions: { type: 'object' } } }),
  });
}
