/**
 * Strapi v4 style factories for app files. They only declare intent; the content-manager
 * plugin turns these declarations into real routers, controllers and services, so the kernel
 * holds no content feature.
 */
import type { RouteConfig } from '../http/types';
import type { Platform } from './platform';

export const CORE_FACTORY = Symbol.for('platform.core-factory');

export type CoreAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

export interface CoreRouterOptions {
  prefix?: string;
  only?: CoreAction[];
  except?: CoreAction[];
  config?: Partial<Record<CoreAction, RouteConfig>>;
}

export type Extension<T> = Record<string, unknown> | ((ctx: { platform: Platform }) => Record<string, unknown> & ThisType<T>);

export interface CoreFactoryDeclaration {
  [CORE_FACTORY]: 'router' | 'controller' | 'service';
  uid: string;
  options: unknown;
}

export function isCoreFactory(value: unknown): value is CoreFactoryDeclaration {
  return typeof value === 'object' && value !== null && CORE_FACTORY in value;
}

export const factories = {
  createCoreRouter(uid: string, options: CoreRouterOptions = {}): CoreFactoryDeclaration {
    return { [CORE_FACTORY]: 'router', uid, options };
  },
  createCoreController(uid: string, extension?: Extension<unknown>): CoreFactoryDeclaration {
    return { [CORE_FACTORY]: 'controller', uid, options: extension };
  },
  createCoreService(uid: string, extension?: Extension<unknown>): CoreFactoryDeclaration {
    return { [CORE_FACTORY]: 'service', uid, options: extension };
  },
};
