/**
 * i18n in the GraphQL schema, contributed through the graphql plugin's extension service when
 * that plugin is enabled, as Strapi v4's i18n does: the `I18NLocaleCode` scalar (`all` or a
 * language code; anything else is a 400), a `locale` argument on the queries and mutations of
 * localized types (the engine takes it as the REST parameter), `create<Name>Localization`,
 * `locale` and `localizations` out of the input types, and locales read-only.
 */
import type { GraphQLScalarType, ValueNode } from 'graphql';
// Types only: the graphql plugin hands these in when it builds its schema.
import type { Extension, ExtensionArgs, ExtensionService, GraphqlContext, ResolverConfig } from '@platform/graphql';
import type { Model, PluginContext } from '@platform/core';
import { LOCALE, LOCALIZATIONS } from './extend-schemas';
import { LOCALE_UID } from './locale-content-type';
import { isLocalizedModel } from './localized-model';
import { isKnownLocaleCode } from './locale-codes';
import { ALL_LOCALES } from './query-hooks';
import { createLocalizationOf } from './create-localization';
import type { LocalesService } from './locales-service';
import { LIST_LOCALES } from './routes';

/** graphql loads with the schema, when it is first built, not when the platform starts. */
const graphqlModule = () => require('graphql') as typeof import('graphql');

function localeCode(value: unknown, node?: ValueNode): string {
  if (value === ALL_LOCALES || isKnownLocaleCode(value)) return value as string;
  throw new (graphqlModule().GraphQLError)('Unknown locale supplied', node ? { nodes: node } : {});
}

let builtScalar: GraphQLScalarType | undefined;

function localeCodeScalar(): GraphQLScalarType {
  const { GraphQLError, GraphQLScalarType, Kind } = graphqlModule();
  builtScalar ??= new GraphQLScalarType({
    name: 'I18NLocaleCode',
    description: 'A string used to identify an i18n locale',
    serialize: (value) => value,
    parseValue: (value) => localeCode(value),
    parseLiteral: (node) => {
      if (node.kind !== Kind.STRING) throw new GraphQLError('Unknown locale supplied', { nodes: node });
      return localeCode(node.value, node);
    },
  });
  return builtScalar;
}

/** Switches that run in register: what the schema leaves out. */
export function switchI18nFields(extension: ExtensionService, localized: string[]): void {
  extension.shadowCRUD(LOCALE_UID).disableMutations();
  for (const uid of localized) {
    extension.shadowCRUD(uid).field(LOCALE).disableInput();
    extension.shadowCRUD(uid).field(LOCALIZATIONS).disableInput();
  }
}

export function i18nGraphql(platform: PluginContext, locales: LocalesService) {
  return ({ composer, models, names, isExposed, readEntityResponse }: ExtensionArgs): Extension => {
    composer.add(localeCodeScalar());
    const localized = models.contentTypes().filter((model) => model.namespace === 'api' && isLocalizedModel(model) && isExposed(model));
    // Locales are read with the permission of the REST route that lists them (Strapi v4's
    // `plugin::i18n.locales.listLocales`), not a content-type action no role is given.
    const localeQueries = names.operationNames(models.get(LOCALE_UID));
    const resolversConfig: Record<string, ResolverConfig> = {
      [`Query.${localeQueries.find}`]: { auth: { scope: [LIST_LOCALES] } },
      [`Query.${localeQueries.findOne}`]: { auth: { scope: [LIST_LOCALES] } },
    };
    const mutations: Record<string, unknown> = {};
    for (const model of localized) {
      const name = `create${names.typeName(model)}Localization`;
      resolversConfig[`Mutation.${name}`] = { auth: { scope: [`${model.uid}.createLocalization`] } };
      mutations[name] = localizationMutation(platform, locales, model, names.entityResponseName(model), names.inputName(model), readEntityResponse);
    }
    return {
      resolversConfig,
      plugins: [
        (schema) => {
          for (const model of localized) {
            const ops = names.operationNames(model);
            for (const [root, field] of [
              ['Query', ops.find],
              ['Query', ops.findOne],
              ['Mutation', ops.create],
              ['Mutation', ops.update],
              ['Mutation', ops.delete],
            ] as const) {
              if (schema[root].hasField(field)) schema[root].setFieldArg(field, LOCALE, { type: 'I18NLocaleCode' });
            }
          }
          if (Object.keys(mutations).length > 0) schema.Mutation.addFields(mutations as Parameters<typeof schema.Mutation.addFields>[0]);
        },
      ],
    };
  };
}

function localizationMutation(platform: PluginContext, locales: LocalesService, model: Model, response: string, input: string, read: ExtensionArgs['readEntityResponse']) {
  return {
    type: response,
    args: { id: 'ID', data: input, locale: 'I18NLocaleCode' },
    resolve: async (_parent: unknown, args: { id?: string; data?: Record<string, unknown>; locale?: string }, context: GraphqlContext, info: Parameters<ExtensionArgs['readEntityResponse']>[3]) => {
      const body = { ...(args.data ?? {}), ...(args.locale !== undefined ? { [LOCALE]: args.locale } : {}) };
      const id = await createLocalizationOf(platform, locales, model, { sourceId: args.id, body, context: context.contentApi });
      return read(model, id, context, info, { includeHidden: true });
    },
  };
}
