/**
 * Who may call a route, for the public document (`platform openapi --public`): a route with
 * `auth: false` is public; for the others, plugins that know the public role's permissions
 * answer through this plugin's `publicAccess` hook (the first definite answer wins); when none
 * answers, the route is public: an `authenticate` tap that recognizes credentials (an API
 * token) lets a caller without any through, and a plugin that turns such callers away says so
 * here.
 */
import { AsyncSeriesBailHook } from 'tapable';
import { guardHooks, type RouteDefinition } from '@platform/core';

export interface RouteAccessContext {
  route: RouteDefinition;
  /** the full path, prefix included */
  path: string;
  /** the actions the route needs: its `auth.scope`, or its handler when that is an action string */
  actions: string[];
}

export function createDocumentationHooks() {
  return guardHooks('documentation', {
    /** true: the public role may call the route; false: it may not; undefined: no opinion */
    publicAccess: new AsyncSeriesBailHook<[RouteAccessContext], boolean | undefined>(['context']),
  });
}

export type DocumentationHooks = ReturnType<typeof createDocumentationHooks>;

export function routeActions(route: RouteDefinition): string[] {
  const auth = route.config?.auth;
  if (auth && Array.isArray(auth.scope)) return [...auth.scope];
  return typeof route.handler === 'string' ? [route.handler] : [];
}

export async function isPublicRoute(hooks: DocumentationHooks, route: RouteDefinition, path: string): Promise<boolean> {
  if (route.config?.auth === false) return true;
  return (await hooks.publicAccess.promise({ route, path, actions: routeActions(route) })) ?? true;
}
