/**
 * A stand-in for the route-scope check users-permissions does (/work/auth-conventions.md), for
 * the token tests until that plugin is in the repository: after the api-token strategy, a
 * request it authenticated may call a route when its ability can do the route's action (its
 * `config.auth.scope`, else its handler's action string), else 403 `Forbidden`; a bearer no
 * strategy knew is a 401 `Missing or invalid credentials`; without a bearer the caller is
 * public and unrestricted (the users-permissions public role is not modelled here).
 */
import { definePlugin, ForbiddenError, UnauthorizedError, type PluginDefinition, type RouteDefinition } from '@platform/core';

const NAME = 'route-scope-stand-in';

function actionsOf(route: RouteDefinition): string[] {
  const auth = route.config?.auth;
  if (auth && auth.scope) return auth.scope;
  return typeof route.handler === 'string' ? [route.handler] : [];
}

export function createRouteScopeStandIn(): PluginDefinition {
  return definePlugin({
    name: NAME,
    requires: ['query-engine'],
    register(ctx) {
      ctx.hooks.authenticate.tapPromise(NAME, async (request, route) => {
        const auth = request.state.auth;
        if (!auth) {
          if (/^bearer\s+\S+$/i.test((request.get('authorization') ?? '').trim())) throw new UnauthorizedError('Missing or invalid credentials');
          return;
        }
        if (!actionsOf(route).every((action) => auth.ability?.can(action) === true)) throw new ForbiddenError('Forbidden');
      });
      const { hooks } = ctx.service('plugin::query-engine.content-api');
      hooks.authorize.tap(NAME, ({ context, permission }) => (context.auth?.ability?.can(permission) === false ? false : undefined));
    },
  });
}
