/**
 * Strapi v4 style factories for app files (`factories.createCoreRouter(uid, options)` in
 * `api/<api>/routes/<name>.ts`, and the controller and service ones). They only declare intent
 * (a kernel app declaration stamped with this plugin's name); the kernel's app loader hands
 * them back to this plugin's `appParts.build` (./app-parts.ts). With this plugin disabled, a
 * file that uses them stops start-up with an error naming the file and the plugin.
 */
import { declareAppPart, type AppDeclaration, type Platform, type RouteConfig } from '@platform/core';

export const PLUGIN_NAME = 'content-manager';

export type CoreAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

export interface CoreRouterOptions {
  prefix?: string;
  only?: CoreAction[];
  except?: CoreAction[];
  config?: Partial<Record<CoreAction, RouteConfig>>;
}

/** An app's extension of a core controller or service: its methods, or `({ platform }) => methods` (app code gets the app's platform). */
export type Extension<T> = Record<string, unknown> | ((ctx: { platform: Platform }) => Record<string, unknown> & ThisType<T>);

export const factories = {
  createCoreRouter(uid: string, options: CoreRouterOptions = {}): AppDeclaration {
    return declareAppPart({ plugin: PLUGIN_NAME, factory: 'createCoreRouter' }, uid, options);
  },
  createCoreController(uid: string, extension?: Extension<unknown>): AppDeclaration {
    return declareAppPart({ plugin: PLUGIN_NAME, factory: 'createCoreController' }, uid, extension);
  },
  createCoreService(uid: string, extension?: Extension<unknown>): AppDeclaration {
    return declareAppPart({ plugin: PLUGIN_NAME, factory: 'createCoreService' }, uid, extension);
  },
};
