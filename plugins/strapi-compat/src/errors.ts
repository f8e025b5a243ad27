/**
 * The strapi-compat plugin's own error codes (see definePluginErrors in @platform/core).
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('strapi-compat', {
  /** `@strapi/utils` sanitize called while no app runs (no global `strapi`) */
  NOT_RUNNING: { kind: 'internal' },
  /** a `customField` attribute whose custom field nothing registers and no config maps */
  CUSTOM_FIELD_UNKNOWN: { kind: 'boot' },
  /** `strapi.customFields.register(...)` with a bad definition, or a bad `customFields` config entry */
  CUSTOM_FIELD_INVALID: { kind: 'boot' },
  /** a cron task of `config/server.js` (or `strapi.cron.add`) that is not a task, or whose rule does not parse */
  CRON_TASK: { kind: 'boot' },
  /** a `src/extensions/<plugin>/content-types/<type>/schema.json` that is not a schema, or extends no enabled plugin's type */
  EXTENSION_INVALID: { kind: 'boot' },
});
