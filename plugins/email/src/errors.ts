/**
 * The email plugin's own error codes (see definePluginErrors in @platform/core).
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('email', {
  /** the configured provider is no built-in one and no package of the app */
  PROVIDER_NOT_FOUND: { kind: 'boot' },
  /** the provider package has no `init`, or its `init` gives no `send` (or throws) */
  PROVIDER_INVALID: { kind: 'boot' },
  /** the provider refused the message or could not reach its server */
  SEND_FAILED: { kind: 'request', status: 502, name: 'ApplicationError' },
  /** no provider is configured and the app runs in production */
  NOT_CONFIGURED: { kind: 'request', status: 503, name: 'ServiceUnavailableError' },
});
