/**
 * The routes this plugin adds itself (the document, the page and its files), told apart by
 * identity: the route table keeps the objects it is given. The document lists them first.
 */
import type { RouteDefinition } from '@platform/core';

export const OWN_ROUTES = new WeakSet<RouteDefinition>();

export function ownRoutes(routes: RouteDefinition[]): RouteDefinition[] {
  for (const route of routes) OWN_ROUTES.add(route);
  return routes;
}
