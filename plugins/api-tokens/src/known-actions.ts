/**
 * The actions of the content API, as the route table names them: each route's handler when it
 * is an action string (`api::article.article.find`) and each action of its `config.auth.scope`.
 * A custom token may hold only these (Strapi refuses unknown permissions the same way).
 */
import type { RouteDefinition } from '@platform/core';

export function collectActions(routes: readonly RouteDefinition[]): Set<string> {
  const actions = new Set<string>();
  for (const route of routes) {
    if (route.config?.auth === false) continue;
    if (typeof route.handler === 'string') actions.add(route.handler);
    for (const scope of route.config?.auth?.scope || []) actions.add(scope);
  }
  return actions;
}
