/**
 * The database phase: the database connects; then, one node at a time when several boot on
 * one database (../../database/boot-lock.ts), the app's migrations run, the schema is synced,
 * rows hidden through an attribute the app no longer has stop start-up (../../hidden-rows/),
 * the registries freeze, plugin routes are added and every plugin's `bootstrap` runs.
 */
import { BootError } from '../../errors';
import { checkUnclaimed } from '../../app/register-app';
import { runAppStep } from '../../app/app-lifecycle';
import { withBootLock } from '../../database/boot-lock';
import { knexConfig, type DatabaseConfig } from '../../database/connection';
import { Database } from '../../database/database';
import { knexLog } from '../../database/knex-log';
import { runMigrations } from '../../database/migrations';
import { syncSchema } from '../../database/schema-sync';
import { pluginTables } from '../../schema/attribute-types';
import { changesLayout } from '../../database/sync/plan';
import { declaredGuards, existingGuardColumns, markKeptHiddenRows, reconcileHiddenRows, type KeepHiddenRows } from '../../hidden-rows/reconcile';
import type { RouteDefinition } from '../../http/types';
import type { ModelRegistry } from '../../model/types';
import { joinPath, type KernelState } from '../kernel-state';
import type { Platform } from '../platform';
import { type AttributeTypes, runStep } from './register';

async function connect(state: KernelState): Promise<Database> {
  const dbConfig = state.config<DatabaseConfig | undefined>('database');
  const file = state.configFiles.database ?? 'config/database';
  if (!dbConfig?.connection) throw new BootError('CONFIG_DATABASE', `${file}: "connection" is required`);
  const { client, knex } = knexConfig(dbConfig, state.appDir, file);
  const database = new Database(client, { ...knex, log: knexLog(state.log) });
  state.database = database;
  try {
    await database.knex.raw('select 1');
  } catch (error) {
    throw new BootError('DB_CONNECT', `Cannot connect to the ${client} database (${file}): ${(error as Error).message}`, { cause: error });
  }
  return database;
}

function withInfo(route: RouteDefinition, pluginName: string): RouteDefinition {
  return { ...route, info: { type: 'content-api', ...route.info, pluginName } };
}

function freezeRegistries(state: KernelState): void {
  state.services.freeze();
  state.controllers.freeze();
  state.policies.freeze();
  state.middlewares.freeze();
  state.middlewareFactories.freeze();
}

async function syncAndBootstrap(state: KernelState, platform: Platform, models: ModelRegistry, attributeTypes: AttributeTypes): Promise<void> {
  const db = state.db;
  // The app's migrations see the tables as the last start left them (../../database/migrations.ts).
  await runMigrations(state.appDir, db, state.appArgs, state.log);
  const guards = declaredGuards(models);
  const guardColumns = await existingGuardColumns(db.knex, guards);
  const definitions = state.plugins.map((p) => p.definition);
  const storage = [...attributeTypes.tables(models), ...pluginTables(definitions, models)];
  const synced = await syncSchema(db, models, state.log, storage);
  // Before any plugin bootstraps or a request is served: rows that lost what hid them stop here.
  const kept = await reconcileHiddenRows(db, guards, guardColumns, changesLayout(synced), state.config<KeepHiddenRows>('database.keepHiddenRows', false));
  markKeptHiddenRows(models, kept);

  freezeRegistries(state);
  state.phase = 'registered';

  for (const { definition: plugin } of state.plugins) {
    if (plugin.routes?.length)
      state.addRoutes(
        plugin.routes.map((r) => withInfo(r, plugin.name)),
        joinPath(state.restPrefix(), `/${plugin.name}`),
      );
  }
  for (const { definition, context } of state.plugins) await runStep(definition, 'bootstrap', () => definition.bootstrap?.(context));
  await state.hooks.bootstrap.promise();
  await runAppStep(state.appLifecycle, 'bootstrap', state.appArgs);
  checkUnclaimed(platform, state.lifecycleFiles, state.lifecyclesClaimed);
}

export async function databasePhase(state: KernelState, platform: Platform, attributeTypes: AttributeTypes): Promise<void> {
  const models = state.models;
  const db = await connect(state);
  // Nodes booting together on one database take turns from the schema sync to the end of
  // the plugins' bootstrap (which seeds rows), migrations first.
  await withBootLock(db, () => syncAndBootstrap(state, platform, models, attributeTypes), state.log);
}
