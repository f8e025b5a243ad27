/**
 * The plugin's own error codes (see definePluginErrors in @platform/core). Request errors with
 * Strapi v4's names and messages are the kernel's typed errors, thrown as they are.
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('users-permissions', {
  /** a JWT issued or verified before the plugin's register step resolved the secret */
  JWT_SECRET_MISSING: { kind: 'internal' },
  /** `permissions` in the plugin config names an action pattern that matches no known action */
  PERMISSION_UNKNOWN: { kind: 'boot' },
  /** the role new users get (`advanced.defaultRole`) does not exist */
  DEFAULT_ROLE_MISSING: { kind: 'request', status: 400, name: 'ApplicationError' },
  /** a reset or confirmation email is due and the email plugin is not enabled */
  EMAIL_PLUGIN_MISSING: { kind: 'request', status: 503, name: 'ServiceUnavailableError' },
});
