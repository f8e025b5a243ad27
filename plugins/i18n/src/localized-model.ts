/**
 * Which models and attributes are localized, read from the built models.
 * Following Strapi v4, an attribute of a localized type is shared by all localizations unless
 * it says `pluginOptions.i18n.localized: true`; relations and uid attributes are always per
 * locale; system attributes (timestamps, locale) and hidden ones (`visible: false`, such as a
 * publication date another plugin adds) are never shared.
 */
import type { Model, ScalarField } from '@platform/core';
import { SYSTEM_KEYS } from '@platform/query-engine';
import { LOCALE, LOCALIZATIONS } from './extend-schemas';

const SYSTEM_ATTRIBUTES = new Set([...SYSTEM_KEYS, LOCALE, LOCALIZATIONS]);

export function isLocalizedModel(model: Model): boolean {
  return model.kind !== 'component' && model.pluginOptions?.i18n !== undefined && (model.pluginOptions.i18n as { localized?: boolean }).localized === true && model.fields.has(LOCALE);
}

const sharedFields = new WeakMap<Model, readonly ScalarField[]>();

/** The scalar attributes whose value all localizations of an entry share (computed once per model). */
export function sharedScalarFields(model: Model): readonly ScalarField[] {
  let fields = sharedFields.get(model);
  if (!fields) {
    fields = Object.freeze(
      model.scalarFields.filter((field) => {
        if (SYSTEM_ATTRIBUTES.has(field.name) || field.type === 'uid' || field.attribute.visible === false) return false;
        return field.attribute.pluginOptions?.i18n?.localized !== true;
      }),
    );
    sharedFields.set(model, fields);
  }
  return fields;
}
