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
import { appSourceDir, definePlugin, registerAppModules, type PluginContext } from '@platform/core';
import type { DraftsService } from '@platform/draft-publish';
import { createCron, CRON_TABLES, type CronRunner } from './src/cron';
import { leaveOutDanglingInverseRelations } from './src/dangling-relations';
import { configuredCustomFields, createCustomFields, resolveCustomFields, type CustomFields } from './src/custom-fields';
import { errors } from './src/errors';
import { createEventHub, emitEntryEvents, type EventHub } from './src/event-hub';
import { applyContentTypeExtensions, readContentTypeExtensions } from './src/extensions';
import { runPluginExtensions } from './src/plugin-extensions';
import { readLocalPlugin, registerLocalPlugin, type LocalPlugin, type LocalPlugins } from './src/local-plugins';
import { createStrapi, type Strapi } from './src/facade/strapi';
import { createRequestContext, type RequestContextStore } from './src/request-context';
import { readStrapiPackages } from './src/strapi-packages';

export type { Strapi, StrapiModel, StrapiPlugin } from './src/facade/strapi';
export type { StrapiEntityService } from './src/facade/entity-service';
export type { StrapiQuery } from './src/facade/db-query';
export { MAPPED_PLUGINS } from './src/strapi-packages';
export type { CustomFields, CustomFieldDefinition } from './src/custom-fields';
export type { StrapiCron } from './src/cron';
export type { EventHub } from './src/event-hub';
export { CRON_RUNS_TABLE } from './src/cron';

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
  cron: CronRunner;
  eventHub: EventHub;
  /** the facade this app lent its code, once built */
  strapi?: Strapi;
  /** the project's local Strapi plugins (`src/plugins/<name>`), registered once the facade is built */
  localPlugins: LocalPlugin[];
}

const APP_MODULES = {
  '@strapi/strapi': require.resolve('./src/modules/strapi'),
  '@strapi/utils': require.resolve('./src/modules/utils'),
};

function logPackages(ctx: PluginContext): void {
  const report = readStrapiPackages(ctx.appDir, (plugin) => ctx.isEnabled(plugin));
  if (!report.isStrapiProject) return;
  if (fs.existsSync(path.join(ctx.appDir, 'src', 'admin'))) ctx.log.info("src/admin holds customisations of Strapi's admin panel, which the server does not need: it is not read");
  if (report.mapped.length > 0) ctx.log.info(`Strapi packages served: ${report.mapped.join(', ')}`);
  for (const name of report.unknown) ctx.log.warn(`package.json names "${name}", which this platform does not provide: the app runs without it`);
}

/** An app's config file as messages name it (`config/plugins.js` in a Strapi project). */
function configFile(appDir: string, name: string): string {
  const found = ['js', 'ts'].map((ext) => `config/${name}.${ext}`).find((file) => fs.existsSync(path.join(appDir, file)));
  return found ?? `config/${name}.js`;
}

const pluginsFile = (appDir: string) => configFile(appDir, 'plugins');
const serverFile = (appDir: string) => configFile(appDir, 'server');

/** `config/server.js` `cron: { enabled, tasks }`: the tasks are added at register, run once the server listens. */
function configureCron(ctx: PluginContext<CompatConfig, CompatState>): void {
  const cron = ctx.appConfig<{ enabled?: unknown; tasks?: unknown } | undefined>('server.cron');
  if (cron?.enabled !== true) return;
  if (cron.tasks !== undefined) ctx.state.cron.add(cron.tasks as Record<string, unknown>);
  ctx.hooks.ready.tap(PLUGIN_NAME, () => ctx.state.cron.start());
}

export default definePlugin<CompatConfig, CompatState>({
  name: PLUGIN_NAME,
  errors: errors.table,
  config: { default: { customFields: {} } },
  requires: ['query-engine'],
  optional: ['content-manager', 'draft-publish', 'i18n', 'graphql', 'users-permissions', 'upload', 'documentation', 'email'],
  state: (ctx) => ({
    requestContext: createRequestContext(),
    customFields: createCustomFields(),
    eventHub: createEventHub(ctx.log),
    cron: createCron({ db: () => ctx.db, log: ctx.log, strapi: () => ctx.state.strapi, file: serverFile(ctx.appDir) }),
    localPlugins: [],
  }),
  // a `resolve` folder holding a Strapi plugin's `strapi-server.js` (./src/local-plugins.ts)
  pluginFolders: (folder) => readLocalPlugin(folder, (appDir) => registerAppModules(appDir, new Map(Object.entries(APP_MODULES)))),
  services: {
    'local-plugins': (ctx): LocalPlugins => ({
      add: (plugin) => ctx.state.localPlugins.push(plugin),
      strapi: () => {
        if (!ctx.state.strapi) throw errors.boot('EXTENSION_INVALID', 'the strapi object is built after every plugin has registered');
        return ctx.state.strapi;
      },
    }),
  },
  // claims of cron occurrences, so several processes run each once
  tables: () => CRON_TABLES,
  appCode: {
    modules: APP_MODULES,
    async scope(ctx, platform) {
      const strapi = createStrapi({ ctx, platform, requestContext: () => ctx.state.requestContext.get(), customFields: ctx.state.customFields, cron: ctx.state.cron, eventHub: ctx.state.eventHub });
      // The last app started in a process is the one a Strapi project's global `strapi` names.
      globalThis.strapi = strapi;
      ctx.state.strapi = strapi;
      // Local plugins get their parts and run their register with `{ strapi }`, before the project's register.
      for (const local of ctx.state.localPlugins) await registerLocalPlugin(ctx, platform, strapi, local);
      // Every plugin has registered its parts and run its register: the project's extensions of them run now.
      runPluginExtensions(ctx, platform);
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
    const extensions = readContentTypeExtensions(ctx.appDir);
    // the sources under src/: a project in Strapi's layout
    const strapiLayout = appSourceDir(ctx.appDir) !== ctx.appDir;
    // Runs once the app's own register has registered its custom fields, before the schemas are checked.
    ctx.hooks.extendSchemas.tap(PLUGIN_NAME, (schemas) => {
      applyContentTypeExtensions(schemas, extensions, ctx.appDir);
      resolveCustomFields(schemas, ctx.state.customFields, configured, file);
      if (strapiLayout) leaveOutDanglingInverseRelations(schemas, ctx.log);
    });
    configureCron(ctx);
    // a Strapi project's GraphQL extensions destructure `{ strapi }` (and `nexus`) from their arguments
    if (ctx.isEnabled('graphql')) {
      ctx.service<{ provideArgs(fn: () => Record<string, unknown>): unknown }>('plugin::graphql.extension').provideArgs(() => ({ strapi: ctx.state.strapi }));
    }
    const drafts = () => (ctx.isEnabled('draft-publish') ? ctx.service<DraftsService>('plugin::draft-publish.drafts') : null);
    emitEntryEvents(ctx, ctx.service('plugin::query-engine.hooks'), ctx.state.eventHub, drafts);
  },
  destroy(ctx) {
    ctx.state.cron.stop();
    ctx.state.eventHub.removeAllListeners();
    if (globalThis.strapi !== undefined && globalThis.strapi === ctx.state.strapi) globalThis.strapi = undefined;
  },
});
