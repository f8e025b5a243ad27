/**
 * i18n on GraphQL, as Strapi v4's i18n has it, declared to the content API as data (the graphql
 * plugin reads it when it builds its schema): the `I18NLocaleCode` scalar (`all` or a language
 * code; anything else is an error), a `locale` argument on the queries and mutations of localized
 * types (the engine takes it as the REST parameter), `create<Type>Localization`, `locale` and
 * `localizations` out of the input types, and locales read-only, read with the permission of
 * the REST route that lists them.
 */
import type { PluginContext } from '@platform/core';
import type { Declarations, GraphqlOperationDeclaration } from '@platform/query-engine';
import { LOCALE, LOCALIZATIONS } from './extend-schemas';
import { LOCALE_UID } from './locale-content-type';
import { isLocalizedModel } from './localized-model';
import { isKnownLocaleCode } from './locale-codes';
import { ALL_LOCALES, LOCALE_CODE } from './query-hooks';
import { createLocalizationOf } from './create-localization';
import { LIST_LOCALES } from './routes';

/** A new localization of entry `id`, answered as the new entry (a draft the caller may not list yet, too). */
function localizationMutation(platform: PluginContext): GraphqlOperationDeclaration {
  return {
    root: 'Mutation',
    name: 'create{Type}Localization',
    models: (model) => model.namespace === 'api' && isLocalizedModel(model),
    args: { id: 'ID', data: '{Type}Input', locale: LOCALE_CODE },
    type: '{Type}EntityResponse',
    scope: ['{uid}.createLocalization'],
    resolve: async ({ args, model, context, readEntry }) => {
      const data = typeof args.data === 'object' && args.data !== null ? args.data : {};
      const body = { ...data, ...(args.locale !== undefined ? { [LOCALE]: args.locale } : {}) };
      const id = await createLocalizationOf(platform, model as NonNullable<typeof model>, { sourceId: args.id as string | undefined, body, context });
      return readEntry(id, { includeHidden: true });
    },
  };
}

export function declareGraphql(declarations: Declarations, platform: PluginContext): void {
  const owner = platform.name;
  declarations.graphql.scalar(owner, {
    name: LOCALE_CODE,
    description: 'A string used to identify an i18n locale',
    accepts: (value) => value === ALL_LOCALES || isKnownLocaleCode(value),
    message: 'Unknown locale supplied',
  });
  declarations.graphql.model(owner, { models: LOCALE_UID, withoutActions: ['create', 'update', 'delete'], scopes: { find: [LIST_LOCALES], findOne: [LIST_LOCALES] } });
  declarations.graphql.model(owner, { models: isLocalizedModel, withoutInput: [LOCALE, LOCALIZATIONS] });
  declarations.graphql.operation(owner, localizationMutation(platform));
}
