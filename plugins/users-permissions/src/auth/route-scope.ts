/**
 * What a route needs of the caller's ability, for every strategy (a user's role, an API
 * token): its `config.auth.scope` when given, else its handler when it names an action. An
 * explicitly empty scope lets any authenticated caller (the public role included) in: its
 * handler checks each operation through the content-API `authorize`. A function handler
 * without a scope needs a user or a token.
 */
import { ForbiddenError, UnauthorizedError, type AuthState, type RouteDefinition } from '@platform/core';

export function requiredActions(route: RouteDefinition): string[] | null {
  const auth = route.config?.auth;
  if (auth && Array.isArray(auth.scope)) return auth.scope;
  return typeof route.handler === 'string' ? [route.handler] : null;
}

/** The first action the route needs that the caller's ability lacks (null: none, or the route names no action). */
export function missingAction(auth: AuthState, route: RouteDefinition): string | null {
  const actions = requiredActions(route);
  const { ability } = auth;
  if (actions === null || !ability) return null;
  return actions.find((action) => !ability.can(action)) ?? null;
}

export function checkRouteScope(auth: AuthState, route: RouteDefinition): void {
  const actions = requiredActions(route);
  if (actions === null) {
    if (auth.credentials === null || auth.credentials === undefined) throw new UnauthorizedError('Unauthorized', {});
    return;
  }
  const { ability } = auth;
  if (!ability) throw new UnauthorizedError('Unauthorized', {});
  // Strapi v4 answers the http-errors 403 here: `Forbidden`.
  if (!actions.every((action) => ability.can(action))) throw new ForbiddenError('Forbidden', {});
}
