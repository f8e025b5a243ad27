/**
 * `plugin::users-permissions.isAuthenticated`: the route needs a caller who proved who they are
 * (a user's JWT or an API token); the public role does not pass (403 `Policy Failed`).
 */
import type { Policy } from '@platform/core';

export const isAuthenticated: Policy = ({ ctx }) => {
  const credentials = ctx.state.auth?.credentials;
  return credentials !== null && credentials !== undefined;
};
