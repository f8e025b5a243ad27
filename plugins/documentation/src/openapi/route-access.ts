/**
 * Who may call a route, for the public document (`platform openapi --public`): a route with
 * `auth: false` is public; for the others, plugins that know the public role's permissions
 * answer through this plugin's `publicAccess` hook (the first definite answer wins); when none
 * answers, a route is public only if nothing checks callers at all (no `authenticate` tap).
 */
import { AsyncSeriesBailHook } from 'tapable';
import { guardHooks, type KernelHooks, type RouteDefinition } from '@platform/core';

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

export async function isPublicRoute(hooks: DocumentationHooks, kernel: KernelHooks, route: RouteDefinition, path: string): Promise<boolean> {
  if (route.config?.auth === false) return true;
  const answer = await hooks.publicAccess.promise({ route, path, actions: routeActions(route) });
  if (answer !== undefined) return answer;
  return kernel.authenticate.taps.length === 0;
}
