/**
 * What this plugin gives meaning to in the app's `api/` folders (the kernel's app loader calls
 * it): the declarations of its factories, and the default core service, controller and routes
 * of every api content-type that has no file of its own.
 */
import { APP_DECLARATION, type AppDeclaration, type AppDeclarationSite, type AppPartsProvider, type LoadedContentType, type PluginContext } from '@platform/core';
import { createCollectionTypeController, createSingleTypeController } from './core-controller';
import { createCollectionTypeService, createSingleTypeService } from './core-service';
import { coreRoutes } from './core-routes';
import { errors } from './errors';
import type { CoreRouterOptions } from './factory-declarations';

const FACTORY_OF_FOLDER: Record<AppDeclarationSite['folder'], string> = {
  routes: 'createCoreRouter',
  controllers: 'createCoreController',
  services: 'createCoreService',
};

function coreService(ctx: PluginContext, ct: LoadedContentType): object {
  return ct.schema.kind === 'singleType' ? createSingleTypeService(ctx, ct.uid) : createCollectionTypeService(ctx, ct.uid);
}

function coreController(ctx: PluginContext, ct: LoadedContentType): object {
  return ct.schema.kind === 'singleType' ? createSingleTypeController(ctx, ct.uid) : createCollectionTypeController(ctx, ct.uid);
}

/** `extension` with `base` as its prototype; without an extension, a fresh object over `base`. */
function extendCore(base: object, extension: unknown, site: AppDeclarationSite): object {
  if (extension === undefined || extension === null) return Object.create(base) as object;
  const own = site.evaluate(extension);
  // The object's own methods keep their [[HomeObject]], so `super.find(ctx)` reaches the core action.
  Object.setPrototypeOf(own, base);
  return own;
}

function build(declaration: AppDeclaration, site: AppDeclarationSite, ctx: PluginContext): unknown {
  const { factory } = declaration[APP_DECLARATION];
  const expected = FACTORY_OF_FOLDER[site.folder];
  if (factory !== expected) {
    throw errors.boot('FACTORY_FOLDER', `${site.file}: expected ${expected}(...), found a core ${factory.replace('createCore', '').toLowerCase()}`);
  }
  const ct = ctx.schemas.contentTypes.get(declaration.uid);
  if (ct?.namespace !== 'api') {
    throw errors.boot('FACTORY_TARGET', `${site.file}: core ${factory.replace('createCore', '').toLowerCase()} for "${declaration.uid}", which is not an api content-type`);
  }
  if (site.folder === 'routes') return coreRoutes(ct.uid, ct.schema, site.apiName, (declaration.options ?? {}) as CoreRouterOptions, site.file);
  return extendCore(site.folder === 'services' ? coreService(ctx, ct) : coreController(ctx, ct), declaration.options, site);
}

export const appParts: AppPartsProvider = {
  build,
  defaults: (ct, ctx) => ({ service: coreService(ctx, ct), controller: coreController(ctx, ct), routes: coreRoutes(ct.uid, ct.schema, ct.apiName) }),
};
