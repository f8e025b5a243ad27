/**
 * The strapi-compat plugin: a Strapi v4 project's backend folder runs as it is. It lends app
 * code Strapi's module names (`@strapi/strapi`, `@strapi/utils`) and its `strapi` object (as
 * `{ strapi }` beside `{ platform }`, and as the global `strapi`), a thin facade over the kernel
 * and the query engine's published services; and it says at start-up which Strapi packages of
 * the app's `package.json` the platform serves and which it does not know. The kernel reads
 * Strapi's folder layout itself (`src/`, see @platform/core's app layout); this plugin is the
 * only place Strapi's runtime API lives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { definePlugin, type PluginContext } from '@platform/core';
import { configuredCustomFields, createCustomFields, resolveCustomFields, type CustomFields } from './src/custom-fields';
import { errors } from './src/errors';
import { createStrapi, type Strapi } from './src/facade/strapi';
import { createRequestContext, type RequestContextStore } from './src/request-context';
import { readStrapiPackages } from './src/strapi-packages';

export type { Strapi, StrapiModel, StrapiPlugin } from './src/facade/strapi';
export type { StrapiEntityService } from './src/facade/entity-service';
export type { StrapiQuery } from './src/facade/db-query';
export { MAPPED_PLUGINS } from './src/strapi-packages';
export type { CustomFields, CustomFieldDefinition } from './src/custom-fields';

const PLUGIN_NAME = 'strapi-compat';

declare global {
  /** Strapi v4 projects reach the running app through a global `strapi`. */
  var strapi: Strapi | undefined;
}

interface CompatConfig extends Record<string, unknown> {
  /** `{ '<custom field uid>': '<type>' }`: custom fields of plugins the platform does not have, stored as that type */
  customFields: Record<string, string>;
}

interface CompatState {
  requestContext: RequestContextStore;
  customFields: CustomFields;
  /** the facade this app lent its code, once built */
  strapi?: Strapi;
}

function logPackages(ctx: PluginContext): void {
  const report = readStrapiPackages(ctx.appDir, (plugin) => ctx.isEnabled(plugin));
  if (!report.isStrapiProject) return;
  if (report.mapped.length > 0) ctx.log.info(`Strapi packages served: ${report.mapped.join(', ')}`);
  for (const name of report.unknown) ctx.log.warn(`package.json names "${name}", which this platform does not provide: the app runs without it`);
}

/** The app's plugins file as messages name it (`config/plugins.js` in a Strapi project). */
function pluginsFile(appDir: string): string {
  const found = ['js', 'ts'].map((ext) => `config/plugins.${ext}`).find((file) => fs.existsSync(path.join(appDir, file)));
  return found ?? 'config/plugins.js';
}

export default definePlugin<CompatConfig, CompatState>({
  name: PLUGIN_NAME,
  errors: errors.table,
  config: { default: { customFields: {} } },
  requires: ['query-engine'],
  optional: ['content-manager', 'i18n', 'graphql', 'users-permissions', 'upload', 'documentation'],
  state: () => ({ requestContext: createRequestContext(), customFields: createCustomFields() }),
  appCode: {
    modules: {
      '@strapi/strapi': require.resolve('./src/modules/strapi'),
      '@strapi/utils': require.resolve('./src/modules/utils'),
    },
    scope(ctx, platform) {
      const strapi = createStrapi({ ctx, platform, requestContext: () => ctx.state.requestContext.get(), customFields: ctx.state.customFields });
      // The last app started in a process is the one a Strapi project's global `strapi` names.
      globalThis.strapi = strapi;
      ctx.state.strapi = strapi;
      return { strapi };
    },
  },
  globalMiddlewares: {
    'request-context': { middleware: (ctx) => ctx.state.requestContext.middleware, after: 'strapi::errors' },
  },
  register(ctx) {
    logPackages(ctx);
    const file = pluginsFile(ctx.appDir);
    const configured = configuredCustomFields(ctx.config.customFields, file);
    // Runs once the app's own register has registered its custom fields, before the schemas are checked.
    ctx.hooks.extendSchemas.tap(PLUGIN_NAME, (schemas) => resolveCustomFields(schemas, ctx.state.customFields, configured, file));
  },
  destroy(ctx) {
    if (globalThis.strapi !== undefined && globalThis.strapi === ctx.state.strapi) globalThis.strapi = undefined;
  },
});
