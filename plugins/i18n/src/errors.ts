/**
 * The i18n plugin's own error codes (see definePluginErrors in @platform/core).
 */
import { definePluginErrors } from '@platform/core';

export const errors = definePluginErrors('i18n', {
  /** the plugin's configuration (`defaultLocale`, `locales`) is invalid */
  CONFIG_INVALID: { kind: 'boot' },
  /** a localized model is missing the `localizations` relation the plugin added */
  MODEL_NOT_LOCALIZED: { kind: 'internal' },
});
