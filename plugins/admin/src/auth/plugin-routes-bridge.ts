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
 * Under a creator condition (the Author's `admin::is-creator` on the media permissions), a
 * file is read, replaced, described or deleted here only when the administrator may have it
 * (its `created_by_id`); the list of every file is refused (the media library lists a
 * scoped administrator's files through upload's admin route, `/upload/files`, which keeps to them).
 */
import { ForbiddenError, type AuthState, type PluginContext, type RequestContext, type RouteDefinition } from '@platform/core';
import type { Access, AdminState } from '../access';
import { sameRoleCreators } from '../content/entry-facts';
import { isPresent } from '../plugins-present';
import { bearer } from './sessions';

/** Content API route handler → the admin action that allows it. */
export const BRIDGED_ACTIONS: Readonly<Record<string, string>> = {
  'plugin::upload.content-api.find': 'plugin::upload.read',
  'plugin::upload.content-api.findOne': 'plugin::upload.read',
  'plugin::upload.content-api.upload': 'plugin::upload.assets.create',
  'plugin::upload.content-api.destroy': 'plugin::upload.assets.update',
  'plugin::users-permissions.role.find': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.role.findOne': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.permissions.getPermissions': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.role.createRole': 'plugin::users-permissions.roles.create',
  'plugin::users-permissions.role.updateRole': 'plugin::users-permissions.roles.update',
  'plugin::users-permissions.role.deleteRole': 'plugin::users-permissions.roles.delete',
  'plugin::i18n.locales.listLocales': 'plugin::i18n.locale.read',
};

/** the bridged upload routes that name one file (`:id`, or `?id=` for a replacement) */
const ONE_FILE = new Set(['plugin::upload.content-api.findOne', 'plugin::upload.content-api.destroy', 'plugin::upload.content-api.upload']);

/** A 403 unless the administrator's `action` reaches the file the request names, under its creator condition. */
async function checkFileCreator(ctx: PluginContext, koa: RequestContext, handler: string, action: string, admin: AdminState): Promise<void> {
  const scope = admin.ability.listScope(action);
  if (scope === 'all' || !handler.startsWith('plugin::upload.')) return;
  if (!ONE_FILE.has(handler)) throw new ForbiddenError('Forbidden', {});
  const raw = handler === 'plugin::upload.content-api.upload' ? koa.query.id : koa.params.id;
  // a new upload (no id) creates; a malformed id is the route's own 400/404
  if (raw === undefined || typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) return;
  const row = (await ctx.db.connection(ctx.models.get('plugin::upload.file').tableName).where('id', Number(raw)).first('created_by_id')) as { created_by_id: unknown } | undefined;
  if (!row) return;
  const creators = scope === 'own' ? [admin.user.id] : scope === 'same-role' ? await sameRoleCreators(ctx, admin.user.roleIds) : [];
  if (row.created_by_id === null || !creators.includes(Number(row.created_by_id))) throw new ForbiddenError('Forbidden', {});
}

/** before the API-token strategy (stage -10) and users-permissions (0) */
export const BRIDGE_STAGE = -20;

export const ADMIN_STRATEGY = 'admin';

export function bridgeAdminSessions(ctx: PluginContext, access: () => Access): void {
  // Without users-permissions nothing guards those routes (they are public): no tap, so the
  // kernel still warns that no plugin authenticates requests.
  if (!isPresent(ctx, 'users-permissions')) return;
  ctx.hooks.authenticate.tapPromise({ name: 'admin', stage: BRIDGE_STAGE }, async (koa: RequestContext, route: RouteDefinition) => {
    if (koa.state.auth || typeof route.handler !== 'string') return;
    const action = BRIDGED_ACTIONS[route.handler];
    if (!action) return;
    const token = bearer(koa.headers.authorization);
    const session = token === null ? null : access().tokens.verify(token);
    if (!session) return;
    const admin = await access().authenticate(koa);
    // replacing a file is an update of the file (`POST /api/upload?id=`)
    const needed = route.handler === 'plugin::upload.content-api.upload' && koa.query.id !== undefined ? 'plugin::upload.assets.update' : action;
    if (!admin.ability.can(needed)) throw new ForbiddenError('Forbidden', {});
    const handler = route.handler;
    await checkFileCreator(ctx, koa, handler, needed, admin);
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
