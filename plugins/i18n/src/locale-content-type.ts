/**
 * The locale records, as a plugin content-type so that its table is synced like any other:
 * `plugin::i18n.locale` in Strapi v4's `i18n_locale` table (name, code, timestamps).
 */
import type { ContentTypeSchema } from '@platform/core';

export const LOCALE_UID = 'plugin::i18n.locale';
export const LOCALE_TABLE = 'i18n_locale';

export const localeSchema: ContentTypeSchema = {
  kind: 'collectionType',
  collectionName: LOCALE_TABLE,
  info: { singularName: 'locale', pluralName: 'locales', displayName: 'Locale' },
  options: { draftAndPublish: false },
  pluginOptions: {},
  attributes: {
    name: { type: 'string', minLength: 1, maxLength: 50, configurable: false },
    code: { type: 'string', unique: true, configurable: false },
  },
};
