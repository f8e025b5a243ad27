/**
 * The admin routes of other plugins' settings, over the services those plugins publish (no
 * second copy of their rules): API tokens (`/admin/api-tokens`, Strapi's paths) and locales
 * (`/i18n/locales`), each checked against the administrator's permissions. Present only when
 * the plugin is enabled. Plugins that serve admin routes of their own (upload, webhooks) hand
 * them to the admin's extensions service instead (./extension-routes.ts).
 */
import { NotFoundError, type PluginContext, type RouteDefinition } from '@platform/core';
import { requireAction } from '../access';
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
