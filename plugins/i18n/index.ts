/**
 * The i18n plugin: locales (Strapi v4's `i18n_locale` table, the default one in the core
 * store), the `locale` parameter, localized creation, the localizations endpoints and links,
 * shared attributes kept in sync, unique values per locale. It changes the API only through
 * the kernel's `extendSchemas` hook, the query engine's hooks and content-API contract (where
 * it declares `locale`) and its own routes, so when it is disabled nothing of it remains.
 */
import { definePlugin } from '@platform/core';
import { localeSchema } from './src/locale-content-type';
import { addLocaleAttributes } from './src/extend-schemas';
import { createLocalesService, type LocalesService } from './src/locales-service';
import { createLocalizationsService, type LocalizationsService } from './src/localizations-service';
import { assignDefaultLocale } from './src/assign-default-locale';
import { validateI18nConfig, type I18nConfig } from './src/locale-codes';
import { LOCALE_PARAM, scopeLocale, validateLocaleParam } from './src/query-hooks';
import { tapWriteHooks } from './src/write-hooks';
import { localizationPath, localizationRoutes, localizedApiModels, pluginRoutes } from './src/routes';
import { declareLocalesRoute, declareLocalizationRoute } from './src/route-declarations';
import { errors } from './src/errors';
import { declareGraphql } from './src/graphql-declarations';

export { LOCALE, LOCALIZATIONS, isLocalizedSchema } from './src/extend-schemas';
export { isLocalizedModel, sharedScalarFields } from './src/localized-model';
export { LOCALE_UID } from './src/locale-content-type';
export type { Locale, LocalesService } from './src/locales-service';
export type { LocalizationRefusal, LocalizationsService, NewLocalization } from './src/localizations-service';
export type { I18nConfig } from './src/locale-codes';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::i18n.locales': LocalesService;
    'plugin::i18n.localizations': LocalizationsService;
  }
}

const PLUGIN_NAME = 'i18n';

/** After draft & publish (100), so that `locale` follows `publishedAt`. */
export const EXTEND_SCHEMAS_STAGE = 200;

export default definePlugin<I18nConfig>({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  // A new localization starts as a draft when draft & publish is there; the localization
  // routes belong to the REST content API, so they exist only with it.
  optional: ['draft-publish', 'content-manager'],
  errors: errors.table,
  config: { default: {}, validate: validateI18nConfig },
  contentTypes: { locale: { schema: localeSchema } },
  services: {
    locales: (ctx) => createLocalesService(ctx),
    localizations: (ctx) => createLocalizationsService(ctx),
  },
  controllers: {
    locales: (ctx) => ({
      listLocales: () => ctx.service('plugin::i18n.locales').list(),
    }),
  },
  routes: pluginRoutes,
  register(ctx) {
    ctx.hooks.extendSchemas.tap({ name: PLUGIN_NAME, stage: EXTEND_SCHEMAS_STAGE }, addLocaleAttributes);
    ctx.service('plugin::query-engine.content-api').params.declare(LOCALE_PARAM);
    const hooks = ctx.service('plugin::query-engine.hooks');
    const locales = ctx.service('plugin::i18n.locales');
    hooks.validateParams.tap(PLUGIN_NAME, ({ model, params }) => validateLocaleParam(model, params));
    hooks.scope.tap(PLUGIN_NAME, (context) => scopeLocale(context, () => locales.getDefaultLocale()));
    tapWriteHooks(ctx, hooks, locales);
    const { declarations } = ctx.service('plugin::query-engine.content-api');
    declareLocalesRoute(declarations);
    // its GraphQL scalar, mutations and read-only locales, read by GraphQL when it is there
    declareGraphql(declarations, ctx);
  },
  async bootstrap(ctx) {
    const locales = ctx.service('plugin::i18n.locales');
    await locales.initialize(ctx.config);
    await assignDefaultLocale(ctx, locales.getDefaultLocale());
    if (!ctx.isEnabled('content-manager')) return;
    ctx.addRoutes(localizationRoutes(ctx));
    const prefix = ctx.appConfig<string>('api.rest.prefix', '/api').replace(/\/+$/, '');
    const { declarations } = ctx.service('plugin::query-engine.content-api');
    for (const model of localizedApiModels(ctx)) declareLocalizationRoute(declarations, model, `${prefix}${localizationPath(model)}`);
  },
});
