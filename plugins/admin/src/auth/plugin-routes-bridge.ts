/**
 * The panel's pages of other plugins call those plugins' own routes (the media library calls
 * upload's `/api/upload`, the Content API roles page users-permissions' `/api/users-permissions/roles`),
 * so no second copy of their HTTP surface is written here. On those routes only, an
 * administrator's session is accepted: this `authenticate` tap runs before the Content API's
 * strategies, and when the bearer is a valid admin session whose ability grants the admin
 * action the route stands for (Strapi's: `plugin::upload.assets.create`,
 * `plugin::users-permissions.roles.read`...), the request runs as that administrator; without
 * the permission it is a 403. Any other bearer is left to the Content API's strategies.
 *
 * Which routes, and for which actions, the plugins say themselves where they can: a plugin that
 * starts after the admin names them in its register (`acceptSessions` of
 * `plugin::admin.extensions`), as upload does for its file routes, with the creator of the file
 * a request names. users-permissions and i18n start before the admin (the admin declares them,
 * it calls their services), so they cannot hand the admin anything in their register; their few
 * settings routes are named here, by their handlers (`PANEL_ROUTES`).
 *
 * Under a creator condition (the Author's `admin::is-creator` on the media permissions), a
 * route named by its plugin runs only for an entry the administrator may have (its creator, as
 * the plugin's `creatorOf` says); a route without `creatorOf` (the list of every file) is
 * refused (the media library lists a scoped administrator's files through upload's admin
 * route, `/upload/files`, which keeps to them). The settings routes named here have no creators.
 */
import { ForbiddenError, type AuthState, type PluginContext, type RequestContext, type RouteDefinition } from '@platform/core';
import type { Access, AdminState } from '../access';
import { creatorInScope } from '../content/creator-condition';
import type { AdminExtensions, AdminSessionRoute } from '../extensions';
import { isPresent } from '../plugins-present';
import { bearer } from './sessions';

/** The settings routes of plugins that start before the admin: handler → the admin action that allows it. */
export const PANEL_ROUTES: Readonly<Record<string, string>> = {
  'plugin::users-permissions.role.find': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.role.findOne': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.permissions.getPermissions': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.role.createRole': 'plugin::users-permissions.roles.create',
  'plugin::users-permissions.role.updateRole': 'plugin::users-permissions.roles.update',
  'plugin::users-permissions.role.deleteRole': 'plugin::users-permissions.roles.delete',
  'plugin::i18n.locales.listLocales': 'plugin::i18n.locale.read',
};

/** A 403 unless the administrator's `action` reaches the entry the request names, under its creator condition. */
async function checkCreator(ctx: PluginContext, koa: RequestContext, named: AdminSessionRoute, action: string, admin: AdminState): Promise<void> {
  const scope = admin.ability.listScope(action);
  if (scope === 'all') return;
  if (!named.creatorOf) throw new ForbiddenError('Forbidden', {});
  const creator = await named.creatorOf(koa);
  if (creator === undefined) return;
  if (!(await creatorInScope(ctx, scope, admin.user, creator))) throw new ForbiddenError('Forbidden', {});
}

/** before the API-token strategy (stage -10) and users-permissions (0) */
export const BRIDGE_STAGE = -20;

export const ADMIN_STRATEGY = 'admin';

export function bridgeAdminSessions(ctx: PluginContext, access: () => Access): void {
  // Without users-permissions nothing guards those routes (they are public): no tap, so the
  // kernel still warns that no plugin authenticates requests.
  if (!isPresent(ctx, 'users-permissions')) return;
  // the routes the plugins named, by handler; read at the first request, once every register ran
  let named: ReadonlyMap<string, AdminSessionRoute> | null = null;
  const namedRoute = (handler: string): AdminSessionRoute | undefined => {
    named ??= new Map(
      ctx
        .service<AdminExtensions>('plugin::admin.extensions')
        .sessionRoutes()
        .map(({ route }) => [route.handler, route]),
    );
    return named.get(handler);
  };
  ctx.hooks.authenticate.tapPromise({ name: 'admin', stage: BRIDGE_STAGE }, async (koa: RequestContext, route: RouteDefinition) => {
    if (koa.state.auth || typeof route.handler !== 'string') return;
    const handler = route.handler;
    const fromPlugin = namedRoute(handler);
    const needed = fromPlugin ? (typeof fromPlugin.permission === 'function' ? fromPlugin.permission(koa) : fromPlugin.permission) : PANEL_ROUTES[handler];
    if (needed === undefined) return;
    const token = bearer(koa.headers.authorization);
    const session = token === null ? null : access().tokens.verify(token);
    if (!session) return;
    const admin = await access().authenticate(koa);
    if (!admin.ability.can(needed)) throw new ForbiddenError('Forbidden', {});
    if (fromPlugin) await checkCreator(ctx, koa, fromPlugin, needed, admin);
    const auth: AuthState = {
      strategy: ADMIN_STRATEGY,
      credentials: { id: admin.user.id, email: admin.user.email },
      // the route's own action; the content it touches is the plugin's (a file, a role), never an api type
      ability: { can: (scope: string) => scope === handler || (scope.startsWith('plugin::') && !scope.startsWith('plugin::users-permissions.user.')) },
      scope: `admin:${admin.user.id}`,
    };
    koa.state.auth = auth;
  });
}
