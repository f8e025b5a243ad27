/**
 * i18n's routes: the plugin's own (`GET /api/i18n/locales`, mounted by the kernel under the
 * plugin prefix) and one localizations route per localized content-type, added at bootstrap.
 */
import type { Model, PluginContext, RouteDefinition } from '@platform/core';
import { createLocalization } from './create-localization';
import { isLocalizedModel } from './localized-model';

/** The permission to list the locales, over REST and GraphQL alike. */
export const LIST_LOCALES = 'plugin::i18n.locales.listLocales';

export const pluginRoutes: RouteDefinition[] = [{ method: 'GET', path: '/locales', handler: LIST_LOCALES, config: { auth: { scope: [LIST_LOCALES] }, policies: [] } }];

/** The app's content-types that have a localizations route. */
export function localizedApiModels(platform: PluginContext): Model[] {
  return platform.models.contentTypes().filter((model) => model.namespace === 'api' && isLocalizedModel(model));
}

/** The localizations route's path, under the REST prefix. */
export function localizationPath(model: Model): string {
  return model.kind === 'singleType' ? `/${model.singularName}/localizations` : `/${model.pluralName}/:id/localizations`;
}

export function localizationRoutes(platform: PluginContext): RouteDefinition[] {
  return localizedApiModels(platform).map((model: Model) => ({
    method: 'POST',
    path: localizationPath(model),
    handler: (ctx) => createLocalization(platform, model, ctx),
    // The permission Strapi v4 checks for this route: `<content-type uid>.createLocalization`.
    config: { auth: { scope: [`${model.uid}.createLocalization`] }, policies: [] },
    info: { type: 'content-api', apiName: model.uid.slice('api::'.length, model.uid.indexOf('.')) },
  }));
}
