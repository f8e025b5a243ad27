/**
 * Brings the database schema in line with the models at every boot, in Strapi v4's layout:
 * one introspection pass, then only additions (tables, columns, indexes). Whatever would drop
 * or retype a column is logged and left alone, and tables no model describes are never
 * touched, so an existing Strapi v4 database keeps all its data.
 */
import type { Database } from './database';
import type { ModelRegistry } from '../model/types';
import type { Logger } from '../base/logger';
import { desiredSchema } from './sync/desired-schema';
import { introspect } from './sync/introspect';
import { changesLayout, isEmptyPlan, planSync } from './sync/plan';
import { applyPlan } from './sync/apply';
import { storeSchema } from './sync/stored-schema';
import type { DesiredTable, SyncPlan } from './sync/types';

/** What a sync found and did; `warnings` were also logged. */
export type SyncReport = SyncPlan;

/** How often a boot re-reads the database and tries again when another process is syncing it too. */
const ATTEMPTS = 5;

/** `storage`: the tables of plugin-provided attribute types (see schema/attribute-types.ts). */
export async function syncSchema(db: Database, models: ModelRegistry, log: Logger, storage: readonly DesiredTable[] = []): Promise<SyncReport> {
  const desired = desiredSchema(models, storage);
  const plan = planSync(desired, await introspect(db.knex, db.client), db.client);
  for (const warning of plan.warnings) log.warn(`database: ${warning}`);
  if (isEmptyPlan(plan)) return plan;
  let current = plan;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await applyPlan(db.knex, db.client, current, log);
      break;
    } catch (error) {
      // Several processes booting on one database (`--workers`) race to make the same tables:
      // the loser's statement fails. Read the database again and make only what is still missing.
      current = planSync(desired, await introspect(db.knex, db.client), db.client);
      if (current.createTables.length === 0 && current.addColumns.length === 0) {
        log.debug(`database: another process synced the schema first (${(error as Error).message})`);
        return plan;
      }
      if (attempt === ATTEMPTS) throw error;
      current = { ...current, warnings: [] };
    }
  }
  // The recorded schema leaves extra indexes out: adding only those changes nothing recorded.
  if (changesLayout(plan)) await storeSchema(db, desired);
  return plan;
}
