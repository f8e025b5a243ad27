/**
 * The `locale` parameter on reads of localized types: a list or count shows the default
 * locale unless `locale` names one (an unknown code simply matches nothing) or is `all`. A
 * read by id and populated levels ignore it, as in Strapi v4. Other types ignore `locale`.
 */
import { ValidationError, type Model } from '@platform/core';
import type { FindParams, ParamDeclaration, ScopeContext } from '@platform/query-engine';
import { LOCALE } from './extend-schemas';
import { isLocalizedModel } from './localized-model';

export const ALL_LOCALES = 'all';

/**
 * The client parameter, as declared to the content-API contract (its value is checked below),
 * with what the transports read to describe it: on the routes of localized content-types.
 */
/** The GraphQL scalar of a locale argument (./graphql-declarations.ts). */
export const LOCALE_CODE = 'I18NLocaleCode';

export const LOCALE_PARAM: ParamDeclaration = {
  name: 'locale',
  owner: 'i18n',
  kinds: ['string'],
  appliesTo: isLocalizedModel,
  openapi: {
    description: 'The locale of the entries (a code of GET /api/i18n/locales; default: the default locale; `all`: every locale in a list)',
    schema: { type: 'string' },
  },
  // an argument of every generated operation of a localized type
  graphql: { type: LOCALE_CODE, operations: ['find', 'findOne', 'create', 'update', 'delete'] },
};

export function validateLocaleParam(model: Model, params: FindParams): void {
  if (!isLocalizedModel(model) || params.locale === undefined) return;
  if (typeof params.locale !== 'string' || params.locale.length === 0) throw new ValidationError('Invalid parameter locale', {});
}

export function scopeLocale(context: ScopeContext, defaultLocale: () => string): void {
  if (context.level !== 'root' || !isLocalizedModel(context.model)) return;
  const requested = context.params.locale;
  if (requested === ALL_LOCALES) return;
  const code = typeof requested === 'string' && requested.length > 0 ? requested : defaultLocale();
  context.filters.push({ [LOCALE]: { $eq: code } });
}
