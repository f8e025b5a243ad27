/**
 * The i18n plugin: locales, the `locale` parameter, localizations.
 */
import { definePlugin } from '@platform/core';

export default definePlugin({
  name: 'i18n',
  requires: ['query-engine'],
});
