/**
 * The api-tokens plugin's own error codes (see definePluginErrors in @platform/core). The
 * messages of the request errors are Strapi v4's.
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('api-tokens', {
  /** a bearer that is a stored token whose lifespan is over */
  TOKEN_EXPIRED: { kind: 'request', status: 401, name: 'UnauthorizedError' },
  /** create/regenerate/revoke of an id that is no token */
  TOKEN_NOT_FOUND: { kind: 'request', status: 404, name: 'NotFoundError' },
  /** a name another token has */
  NAME_TAKEN: { kind: 'request', status: 400, name: 'ApplicationError' },
  /** a name, type, lifespan or permission list that is not one a token can have */
  INVALID_TOKEN: { kind: 'request', status: 400, name: 'ValidationError' },
  /** a custom token's permission that is no action of the content API */
  UNKNOWN_PERMISSIONS: { kind: 'request', status: 400, name: 'ApplicationError' },
});
