/**
 * The admin routes of other plugins' settings, over the services those plugins publish (no
 * second copy of their rules): API tokens (`/admin/api-tokens`, Strapi's paths) and locales
 * (`/i18n/locales`), each checked against the administrator's permissions. Present only when
 * the plugin is enabled; and the webhooks and upload plugins' admin routes, which they declare for the admin to mount.
 */
import { NotFoundError, type Middleware, type PluginContext, type RouteDefinition } from '@platform/core';
import { adminState, requireAction } from '../access';
import { sameRoleCreators } from '../content/entry-facts';
import { bodyOf, idParam, type AdminRoutes } from './admin-route';

/** The parts of `plugin::api-tokens.api-tokens` used here. */
interface ApiTokens {
  create(input: unknown): Promise<unknown>;
  list(): Promise<unknown[]>;
  findOne(id: number): Promise<unknown | null>;
  revoke(id: number): Promise<unknown>;
  regenerate(id: number): Promise<unknown>;
}

/** The parts of `plugin::i18n.locales` used here. */
interface Locales {
  list(): Promise<unknown[]>;
  create(input: { code: string; name?: string; isDefault?: boolean }): Promise<unknown>;
  setDefaultLocale(code: string): Promise<void>;
}

const MEDIA_READ = 'plugin::upload.read';

/**
 * Tells upload's handlers whose files and folders the administrator may see (`plugin::upload.read`)
 * and touch with the route's permission: everyone's, or, under Strapi's creator conditions (the
 * Author's `admin::is-creator`), its own or those of administrators sharing a role.
 */
function mediaCreatorScope(ctx: PluginContext, permission: string, key: string): Middleware {
  return async (koa, next) => {
    const { user, ability } = adminState(koa);
    const creators = async (action: string): Promise<number[] | null> => {
      const scope = ability.listScope(action);
      if (scope === 'own') return [user.id];
      if (scope === 'same-role') return sameRoleCreators(ctx, user.roleIds);
      // 'all'; or no permission at all (a route needing another action already refused the caller)
      return scope === null ? [] : null;
    };
    const read = await creators(MEDIA_READ);
    koa.state[key] = { read, write: permission === MEDIA_READ ? read : await creators(permission) };
    await next();
  };
}

export function pluginSettingsRoutes(ctx: PluginContext, routes: AdminRoutes): RouteDefinition[] {
  const out: RouteDefinition[] = [];
  if (ctx.isEnabled('api-tokens')) {
    const tokens = () => ctx.service<ApiTokens>('plugin::api-tokens.api-tokens');
    out.push(
      routes.signedIn('GET', '/admin/api-tokens', async (koa) => {
        requireAction(koa, 'admin::api-tokens.read');
        return { data: await tokens().list() };
      }),
      routes.signedIn('POST', '/admin/api-tokens', async (koa) => {
        requireAction(koa, 'admin::api-tokens.create');
        koa.status = 201;
        return { data: await tokens().create(bodyOf(koa)) };
      }),
      routes.signedIn('GET', '/admin/api-tokens/:id', async (koa) => {
        requireAction(koa, 'admin::api-tokens.read');
        const token = await tokens().findOne(idParam(koa));
        if (!token) throw new NotFoundError('API token not found', {});
        return { data: token };
      }),
      routes.signedIn('POST', '/admin/api-tokens/:id/regenerate', async (koa) => {
        requireAction(koa, 'admin::api-tokens.regenerate');
        koa.status = 201;
        return { data: await tokens().regenerate(idParam(koa)) };
      }),
      routes.signedIn('DELETE', '/admin/api-tokens/:id', async (koa) => {
        requireAction(koa, 'admin::api-tokens.delete');
        return { data: await tokens().revoke(idParam(koa)) };
      }),
    );
  }
  if (ctx.isEnabled('webhooks')) {
    // the webhooks plugin declares Strapi's admin routes and leaves mounting them to the admin
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ADMIN_ROUTES } = require('@platform/webhooks') as { ADMIN_ROUTES: ReadonlyArray<RouteDefinition & { permission: string }> };
    for (const route of ADMIN_ROUTES) out.push(routes.mounted(route, route.permission));
  }
  if (ctx.isEnabled('upload')) {
    // the media library's folders: upload declares Strapi's routes (`/upload/...`) and leaves mounting them to the admin
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ADMIN_ROUTES, CREATOR_SCOPE } = require('@platform/upload') as { ADMIN_ROUTES: ReadonlyArray<RouteDefinition & { permission: string }>; CREATOR_SCOPE: string };
    for (const route of ADMIN_ROUTES) out.push(routes.mounted(route, route.permission, '', [mediaCreatorScope(ctx, route.permission, CREATOR_SCOPE)]));
  }
  if (ctx.isEnabled('i18n')) {
    const locales = () => ctx.service<Locales>('plugin::i18n.locales');
    out.push(
      // every administrator edits localized entries: the list is open to all of them
      routes.signedIn('GET', '/i18n/locales', async () => ({ data: await locales().list() })),
      routes.signedIn('POST', '/i18n/locales', async (koa) => {
        requireAction(koa, 'plugin::i18n.locale.create');
        const body = bodyOf(koa);
        koa.status = 201;
        return { data: await locales().create({ code: String(body.code ?? ''), name: typeof body.name === 'string' ? body.name : undefined, isDefault: body.isDefault === true }) };
      }),
      routes.signedIn('PUT', '/i18n/locales/default', async (koa) => {
        requireAction(koa, 'plugin::i18n.locale.update');
        await locales().setDefaultLocale(String(bodyOf(koa).code ?? ''));
        return { data: await locales().list() };
      }),
    );
  }
  return out;
}
