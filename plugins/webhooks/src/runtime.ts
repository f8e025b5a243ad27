/**
 * The parts of the plugin within one platform, made together once as the plugin's state (the
 * first time `ctx.state` is read), so several platforms in one process each have their own: the
 * stored webhooks, the registry, the outbox, the sender, the dispatcher.
 */
import type { PluginContext } from '@platform/core';
import type { WebhooksConfig } from './config';
import { Dispatcher } from './dispatcher';
import { createOutbox, type Outbox } from './outbox';
import { createWebhookRegistry, type WebhookRegistry } from './registry';
import { createSender, type Sender } from './sender';
import { createWebhooksService, type WebhooksService } from './service';
import type { OwnServer } from './url-guard';
import { createWebhookStore } from './webhook-store';

export interface Runtime {
  registry: WebhookRegistry;
  outbox: Outbox;
  sender: Sender;
  dispatcher: Dispatcher;
  service: WebhooksService;
  own: OwnServer;
  /** MariaDB or MySQL with `innodb_autoinc_lock_mode` 2 gives a multi-row insert scattered ids */
  consecutiveIds: boolean;
  /** what stops at destroy: timers, subscriptions */
  stops: Array<() => void>;
}

function ownServer(ctx: PluginContext<WebhooksConfig, Runtime>): OwnServer {
  const own: OwnServer = { ports: new Set([Number(ctx.appConfig<number>('server.port', 1337))]), origins: new Set() };
  const publicUrl = ctx.appConfig<unknown>('server.url', '');
  if (typeof publicUrl === 'string' && /^https?:\/\//i.test(publicUrl)) own.origins.add(new URL(publicUrl).origin);
  return own;
}

export function createRuntime(ctx: PluginContext<WebhooksConfig, Runtime>): Runtime {
  const config = ctx.config;
  const store = createWebhookStore(() => ctx.db);
  const registry = createWebhookRegistry(store, config.webhooks);
  const own = ownServer(ctx);
  const defaultHeaders = ctx.appConfig<Record<string, string>>('server.webhooks.defaultHeaders', {});
  const sender = createSender({ timeout: config.timeout, own, refusePrivate: config.refusePrivateAddresses, defaultHeaders: () => defaultHeaders });
  const runtime: Runtime = {
    registry,
    outbox: createOutbox(
      () => ctx.db,
      () => runtime.consecutiveIds,
    ),
    sender,
    own,
    consecutiveIds: true,
    stops: [],
    dispatcher: null as unknown as Dispatcher,
    service: null as unknown as WebhooksService,
  };
  runtime.dispatcher = new Dispatcher({ outbox: runtime.outbox, registry, sender, log: ctx.log, settings: config });
  runtime.service = createWebhooksService({ store, registry, outbox: runtime.outbox, sender, own, refusePrivate: () => config.refusePrivateAddresses, broadcast: ctx.broadcast });
  return runtime;
}
