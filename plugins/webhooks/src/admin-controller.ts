/**
 * The handlers of Strapi v4's admin API for webhooks, answering its shapes: `{ data: webhook }`,
 * `{ data: [webhooks] }`, 201 on create, `webhook.notFound` (404) for an unknown id,
 * `{ data: { statusCode, message? } }` for a trigger, `{ data: ids }` for a batch delete. They are
 * registered as the controller `plugin::webhooks.admin`; the routes (./admin-routes.ts) are
 * mounted by the admin, behind its authentication, never on their own.
 */
import { NotFoundError, ValidationError, type PluginContext, type RequestContext } from '@platform/core';
import { parseWebhookInput } from './webhook-input';
import type { WebhooksService } from './service';

export const SERVICE_UID = 'plugin::webhooks.webhooks';

function parseId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) throw new NotFoundError('webhook.notFound');
  return Number(raw);
}

export function createAdminController(ctx: PluginContext) {
  const service = () => ctx.service<WebhooksService>(SERVICE_UID);
  return {
    async listWebhooks() {
      return { data: await service().list() };
    },
    async getWebhook(koa: RequestContext) {
      const webhook = await service().findOne(parseId(koa.params.id));
      if (!webhook) throw new NotFoundError('webhook.notFound');
      return { data: webhook };
    },
    async createWebhook(koa: RequestContext) {
      const webhook = await service().create(parseWebhookInput(koa.request.body, 'create'));
      koa.status = 201;
      return { data: webhook };
    },
    async updateWebhook(koa: RequestContext) {
      const id = parseId(koa.params.id);
      return { data: await service().update(id, parseWebhookInput(koa.request.body, 'update')) };
    },
    async deleteWebhook(koa: RequestContext) {
      return { data: await service().delete(parseId(koa.params.id)) };
    },
    async deleteWebhooks(koa: RequestContext) {
      const ids = (koa.request.body as { ids?: unknown } | undefined)?.ids;
      if (!Array.isArray(ids) || ids.length === 0) throw new ValidationError('ids must be an array of id');
      const numbers = ids.map((id) => (typeof id === 'number' || typeof id === 'string' ? Number(id) : Number.NaN));
      if (numbers.some((id) => !Number.isSafeInteger(id) || id < 1)) throw new ValidationError('ids must be an array of id');
      await service().deleteMany(numbers);
      return { data: ids };
    },
    async triggerWebhook(koa: RequestContext) {
      const id = String(parseId(koa.params.id));
      // made by another process a moment ago: read the stored webhooks once more
      let webhook = service().find(id);
      if (!webhook) {
        await service().refresh();
        webhook = service().find(id);
      }
      if (webhook?.source !== 'database') throw new NotFoundError('webhook.notFound');
      return { data: await service().trigger(webhook) };
    },
  };
}

export type AdminController = ReturnType<typeof createAdminController>;
