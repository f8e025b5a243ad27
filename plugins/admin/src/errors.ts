/**
 * The admin plugin's own error codes. Request errors with Strapi v4's names and messages
 * ("Invalid credentials", 401 and 403) are the kernel's typed errors, thrown as they are.
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('admin', {
  /** `platform admin create-user` with a role that does not exist */
  ROLE_UNKNOWN: { kind: 'request', status: 400, name: 'ApplicationError' },
  /** the last Super Admin cannot be removed or lose the role */
  LAST_SUPER_ADMIN: { kind: 'request', status: 400, name: 'ApplicationError' },
  /** an email already taken by another administrator */
  EMAIL_TAKEN: { kind: 'request', status: 400, name: 'ApplicationError' },
  /** the panel's files were not built (`npm run build`) */
  APP_NOT_BUILT: { kind: 'internal' },
  /** sign-in while no session secret is set (`platform start` without ADMIN_JWT_SECRET) */
  SESSIONS_OFF: { kind: 'request', status: 503, name: 'ServiceUnavailableError' },
  /** a plugin's admin extension script that cannot be served */
  EXTENSION: { kind: 'boot' },
});
