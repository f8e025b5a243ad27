/**
 * The plugin's routes, as Strapi v4 mounts them: the auth and user routes right under the
 * REST prefix (`/api/auth/local`, `/api/users/me`), the roles and permissions under the
 * plugin's (`/api/users-permissions/roles`). Each handler names its action, which is the
 * permission the route scope checks (`plugin::users-permissions.auth.callback`...).
 */
import type { HttpMethod, RouteDefinition } from '@platform/core';
import { PLUGIN_NAME } from './content-types';

const info = { type: 'content-api' as const, pluginName: PLUGIN_NAME };

function route(method: HttpMethod, path: string, action: string): RouteDefinition {
  return { method, path, handler: `plugin::${PLUGIN_NAME}.${action}`, config: { policies: [] }, info };
}

/** Mounted under the REST prefix itself. */
export const accountRoutes: RouteDefinition[] = [
  route('POST', '/auth/local', 'auth.callback'),
  route('POST', '/auth/local/register', 'auth.register'),
  route('POST', '/auth/forgot-password', 'auth.forgotPassword'),
  route('POST', '/auth/reset-password', 'auth.resetPassword'),
  route('GET', '/auth/email-confirmation', 'auth.emailConfirmation'),
  route('POST', '/auth/send-email-confirmation', 'auth.sendEmailConfirmation'),
  route('POST', '/auth/change-password', 'auth.changePassword'),
  route('GET', '/users/count', 'user.count'),
  route('GET', '/users', 'user.find'),
  route('GET', '/users/me', 'user.me'),
  route('GET', '/users/:id', 'user.findOne'),
  route('POST', '/users', 'user.create'),
  route('PUT', '/users/:id', 'user.update'),
  route('DELETE', '/users/:id', 'user.destroy'),
];

/** Mounted under `/api/users-permissions`. */
export const roleRoutes: RouteDefinition[] = [
  route('GET', '/roles/:id', 'role.findOne'),
  route('GET', '/roles', 'role.find'),
  route('POST', '/roles', 'role.createRole'),
  route('PUT', '/roles/:role', 'role.updateRole'),
  route('DELETE', '/roles/:role', 'role.deleteRole'),
  route('GET', '/permissions', 'permissions.getPermissions'),
];
