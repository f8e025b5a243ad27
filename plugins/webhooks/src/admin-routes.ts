/**
 * Strapi v4's admin routes for webhooks (`/admin/webhooks...`), with the permission each needs
 * (`admin::webhooks.read|create|update|delete`). Never mounted by this plugin: they change where
 * the server sends data, so it hands them to the admin in its register (`plugin::admin.extensions`
 * `addRoutes`), which mounts them behind its own authentication and permissions. Paths are
 * relative to the admin's prefix (`/admin`).
 */
import type { RouteDefinition } from '@platform/core';

const CONTROLLER = 'plugin::webhooks.admin';

export interface AdminRoute extends RouteDefinition {
  handler: string;
  /** the admin permission a caller needs */
  permission: 'admin::webhooks.read' | 'admin::webhooks.create' | 'admin::webhooks.update' | 'admin::webhooks.delete';
}

export const ADMIN_ROUTES: readonly AdminRoute[] = Object.freeze([
  { method: 'GET', path: '/webhooks', handler: `${CONTROLLER}.listWebhooks`, permission: 'admin::webhooks.read' },
  { method: 'POST', path: '/webhooks', handler: `${CONTROLLER}.createWebhook`, permission: 'admin::webhooks.create' },
  { method: 'GET', path: '/webhooks/:id', handler: `${CONTROLLER}.getWebhook`, permission: 'admin::webhooks.read' },
  { method: 'PUT', path: '/webhooks/:id', handler: `${CONTROLLER}.updateWebhook`, permission: 'admin::webhooks.update' },
  { method: 'DELETE', path: '/webhooks/:id', handler: `${CONTROLLER}.deleteWebhook`, permission: 'admin::webhooks.delete' },
  { method: 'POST', path: '/webhooks/batch-delete', handler: `${CONTROLLER}.deleteWebhooks`, permission: 'admin::webhooks.delete' },
  // Strapi asks no permission of a trigger; an admin session is still required
  { method: 'POST', path: '/webhooks/:id/trigger', handler: `${CONTROLLER}.triggerWebhook`, permission: 'admin::webhooks.update' },
] satisfies AdminRoute[]);
