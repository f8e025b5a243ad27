/**
 * The values of a uid attribute the content manager proposes (Strapi v4's `uid` service of the
 * content manager): a slug of the target field made unique against the stored entries by
 * appending `-1`, `-2`..., and whether a value is still free. Drafts count (they hold their
 * value too); on a localized type the check is made within the locale given (the engine keeps
 * uids unique per locale), across all locales when none is.
 */
import type { Model, PluginContext } from '@platform/core';
import type { EntityService, FindParams } from '@platform/query-engine';
import slugify from '@sindresorhus/slugify';

/**
 * A uid attribute's slug options, handed to the slugify package as Strapi v4's content manager
 * hands them (the same package and version, so a database moved from Strapi gets the slugs its
 * editors know, Cyrillic and Greek transliterated alike).
 */
type SlugifyOptions = slugify.Options;

export interface UidScope {
  model: Model;
  field: string;
  /** the locale the value is for, on a localized type */
  locale?: string;
}

function readParams(scope: UidScope, filters: FindParams['filters']): FindParams {
  const params: FindParams = { fields: [scope.field], filters };
  if (scope.model.fields.has('publishedAt')) params.publicationState = 'preview';
  if (scope.model.fields.has('locale')) params.locale = scope.locale ?? 'all';
  return params;
}

export function uidValues(ctx: PluginContext) {
  const entities = () => ctx.service<EntityService>('plugin::query-engine.entity-service');

  /** the values in use that start with `base` (compared exactly: LIKE may ignore case) */
  const taken = async (scope: UidScope, base: string): Promise<Set<string>> => {
    const rows = await entities().findMany(scope.model.uid, readParams(scope, { [scope.field]: { $startsWith: base } }));
    return new Set(rows.map((row) => row[scope.field]).filter((value): value is string => typeof value === 'string' && value.startsWith(base)));
  };

  /** `base` when it is free, else the first free `base-1`, `base-2`... */
  const unique = async (scope: UidScope, base: string): Promise<string> => {
    const used = await taken(scope, base);
    if (!used.has(base)) return base;
    let n = 1;
    while (used.has(`${base}-${n}`)) n += 1;
    return `${base}-${n}`;
  };

  return {
    unique,

    /** Strapi's rule: the target field's value, else the attribute's default, else the type's name */
    async generate(scope: UidScope, data: Record<string, unknown>): Promise<string> {
      const attribute = scope.model.attributes[scope.field] as { targetField?: string; default?: unknown; options?: SlugifyOptions };
      const options = attribute.options ?? {};
      const source = attribute.targetField === undefined ? undefined : data[attribute.targetField];
      let slug = typeof source === 'string' || typeof source === 'number' ? slugify(String(source), options) : '';
      if (slug === '' && typeof attribute.default === 'string') slug = slugify(attribute.default, options);
      if (slug === '') slug = slugify(scope.model.singularName, options);
      return unique(scope, slug);
    },

    async isAvailable(scope: UidScope, value: string): Promise<boolean> {
      return !(await taken(scope, value)).has(value);
    },
  };
}

export type UidValues = ReturnType<typeof uidValues>;
