/**
 * The webhooks plugin: Strapi v4's webhooks that are never lost. Every write of an entry or a
 * file, whatever asked for it, writes its events (`entry.create|update|delete|publish|unpublish`,
 * `media.create|update|delete`, Strapi's bodies and headers) to an outbox in the write's own
 * transaction; each process that serves the app delivers them after the commit, retries with a
 * growing delay, keeps the order of each entry's events, and records every outcome. Webhooks are
 * Strapi's rows (`strapi_webhooks`, so a Strapi database's keep firing) or declared in
 * `config/plugins.ts`; they are managed with `platform webhooks` and with the admin API's
 * handlers (`plugin::webhooks.admin`, routes in ADMIN_ROUTES), handed to the admin (when it is
 * enabled), which alone mounts them.
 *
 * Config (`config/plugins.ts`, `webhooks: { config: {...} }`, see ./src/config.ts): `webhooks`
 * (declared ones), `timeout`, `attempts`, `minDelay`, `maxDelay`, `concurrency`,
 * `perWebhookConcurrency`, `maxQueued`, `pollInterval`, `refreshInterval`, `retentionDays`,
 * `refusePrivateAddresses`. Default headers: `config/server` `webhooks.defaultHeaders`.
 */
import { definePlugin, type PluginContext } from '@platform/core';
// Types only: the drafts service of the draft-publish plugin, when it is enabled.
import type {} from '@platform/draft-publish';
// Types only: the admin's extensions service, when the admin is enabled.
import type {} from '@platform/admin';
import { ADMIN_ROUTES } from './src/admin-routes';
import { createAdminController } from './src/admin-controller';
import { webhooksCommand } from './src/commands';
import { DEFAULT_CONFIG, validateConfig, type WebhooksConfig } from './src/config';
import { tapWrites } from './src/record-events';
import { createRuntime, type Runtime } from './src/runtime';
import { CHANGED_CHANNEL, type WebhooksService } from './src/service';
import { TABLES } from './src/tables';

export { ADMIN_ROUTES, type AdminRoute } from './src/admin-routes';
export type { AdminController } from './src/admin-controller';
export type { WebhooksService, TriggerResult } from './src/service';
export type { StoredWebhook } from './src/webhook-store';
export type { Webhook } from './src/registry';
export type { DeliveryRecord } from './src/outbox';
export type { WebhooksConfig, DeclaredWebhook } from './src/config';
export { WEBHOOK_EVENTS, ENTRY_EVENTS, MEDIA_EVENTS, TRIGGER_TEST_EVENT, type WebhookEvent } from './src/events';
export { DELIVERIES_TABLE, WEBHOOKS_TABLE } from './src/tables';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::webhooks.webhooks': WebhooksService;
  }
}

const PLUGIN_NAME = 'webhooks';

async function readAutoIncrementMode(ctx: PluginContext<WebhooksConfig, Runtime>): Promise<boolean> {
  if (ctx.db.client !== 'mysql') return true;
  const [rows] = (await ctx.db.knex.raw('select @@innodb_autoinc_lock_mode as mode')) as unknown as [Array<{ mode: number | string }>];
  return Number(rows[0]?.mode) !== 2;
}

export default definePlugin<WebhooksConfig, Runtime>({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  // publish and unpublish events when entries have drafts; the admin mounts the admin routes
  optional: ['draft-publish', 'admin'],
  config: {
    default: { ...DEFAULT_CONFIG },
    validate: validateConfig,
  },
  state: createRuntime,
  tables: () => TABLES,
  services: {
    webhooks: (ctx) => ctx.state.service,
  },
  controllers: {
    admin: (ctx) => createAdminController(ctx),
  },
  commands: { webhooks: webhooksCommand },
  register(ctx) {
    const runtime = ctx.state;
    const drafts = ctx.isEnabled('draft-publish') ? ctx.service('plugin::draft-publish.drafts') : null;
    tapWrites({ ctx, registry: runtime.registry, outbox: runtime.outbox, dispatcher: runtime.dispatcher, drafts }, PLUGIN_NAME);
    // Strapi's `/admin/webhooks...`, behind an administrator's session and permissions
    if (ctx.isEnabled('admin')) {
      ctx.service('plugin::admin.extensions').addRoutes(
        PLUGIN_NAME,
        ADMIN_ROUTES.map(({ method, path, handler, permission }) => ({ method, path: `/admin${path}`, handler, permission })),
      );
    }
    // deliveries start once the server listens (a command boots the app without delivering)
    ctx.hooks.ready.tapPromise(PLUGIN_NAME, async (address) => {
      runtime.own.ports.add(address.port);
      runtime.dispatcher.start();
    });
  },
  async bootstrap(ctx) {
    const runtime = ctx.state;
    runtime.consecutiveIds = await readAutoIncrementMode(ctx);
    await runtime.registry.refresh();
    const readAgain = () => {
      runtime.registry.refresh().catch((error: unknown) => ctx.log.warn(`could not read the webhooks again: ${(error as Error).message}`));
    };
    runtime.stops.push(ctx.broadcast.subscribe(CHANGED_CHANNEL, readAgain), ctx.broadcast.onResync(readAgain));
    const timer = setInterval(readAgain, ctx.config.refreshInterval);
    timer.unref();
    runtime.stops.push(() => clearInterval(timer));
  },
  async destroy(ctx) {
    const runtime = ctx.state;
    for (const stop of runtime.stops) stop();
    await runtime.dispatcher.stop();
    runtime.sender.destroy();
  },
});
