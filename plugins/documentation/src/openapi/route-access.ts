/**
 * Who may call a route, for the public document (`platform openapi --public`): a route with
 * `auth: false` is public; for the others, plugins that know the public role's permissions
 * answer through this plugin's `publicAccess` hook or, declared to the content API, through
 * `declarations.publicAccess` (the first definite answer wins, this hook's first); when none
 * answers, the route is public: an `authenticate` tap that recognizes credentials (an API
 * token) lets a caller without any through, and a plugin that turns such callers away says so
 * here.
 */
import { AsyncSeriesBailHook } from 'tapable';
import { guardHooks, type RouteDefinition } from '@platform/core';
import type { Declarations, RouteAccessContext } from '@platform/query-engine';

export type { RouteAccessContext };

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

/** The answers features declared to the content API (`declarations.publicAccess`), asked after this plugin's hook. */
export type DeclaredAccess = Declarations['publicAccess'];

export async function isPublicRoute(hooks: DocumentationHooks, route: RouteDefinition, path: string, declared?: DeclaredAccess): Promise<boolean> {
  if (route.config?.auth === false) return true;
  const context = { route, path, actions: routeActions(route) };
  const answer = await hooks.publicAccess.promise(context);
  if (answer !== undefined) return answer;
  return (declared ? await declared.promise(context) : undefined) ?? true;
}
