/**
 * Adds `locale` and `localizations` to every content-type with
 * `pluginOptions.i18n.localized: true`, after the user's attributes and the timestamps (and
 * after draft & publish's `publishedAt`), as Strapi v4 orders them, and scopes the type's
 * unique indexes by locale.
 */
import type { Attribute, ContentTypeSchema, SchemaSet } from '@platform/core';

export const LOCALE = 'locale';
export const LOCALIZATIONS = 'localizations';

export function isLocalizedSchema(schema: Pick<ContentTypeSchema, 'pluginOptions'>): boolean {
  return schema.pluginOptions?.i18n?.localized === true;
}

export function addLocaleAttributes(schemas: SchemaSet): void {
  for (const ct of schemas.contentTypes.values()) {
    if (ct.namespace !== 'api' || !isLocalizedSchema(ct.schema)) continue;
    const { [LOCALE]: _l, [LOCALIZATIONS]: _ls, ...rest } = ct.schema.attributes;
    const locale: Attribute = { type: 'string', configurable: false, writable: true, visible: false, private: false };
    const localizations: Attribute = {
      type: 'relation',
      relation: 'oneToMany',
      target: ct.uid,
      configurable: false,
      writable: true,
      visible: false,
      private: false,
    };
    ct.schema.attributes = { ...rest, [LOCALE]: locale, [LOCALIZATIONS]: localizations };
    // uid values are unique per locale, in the database index too (the kernel's schema sync
    // adds these columns to the model's unique indexes).
    ct.schema.options = { ...ct.schema.options, uniqueIndexScope: [LOCALE] };
  }
}
