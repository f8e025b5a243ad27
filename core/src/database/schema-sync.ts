/**
 * Brings the database schema in line with the models at every boot, in Strapi v4's layout:
 * one introspection pass, then only additions (tables, columns, indexes). Whatever would drop
 * or retype a column is logged and left alone, and tables no model describes are never
 * touched, so an existing Strapi v4 database keeps all its data.
 */
import type { Database } from './database';
import type { ModelRegistry } from '../model/types';
import type { Logger } from '../kernel/logger';
import { desiredSchema } from './sync/desired-schema';
import { introspect } from './sync/introspect';
import { isEmptyPlan, planSync } from './sync/plan';
import { applyPlan } from './sync/apply';
import { storeSchema } from './sync/stored-schema';
import type { SyncPlan } from './sync/types';

/** What a sync did (tests and the CLI read it); `warnings` were also logged. */
export type SyncReport = SyncPlan;

export async function syncSchema(db: Database, models: ModelRegistry, log: Logger): Promise<SyncReport> {
  const desired = desiredSchema(models);
  const existing = await introspect(db.knex, db.client);
  const plan = planSync(desired, existing, db.client);
  for (const warning of plan.warnings) log.warn(`database: ${warning}`);
  if (isEmptyPlan(plan)) return plan;
  await applyPlan(db.knex, db.client, plan, log);
  await storeSchema(db, desired);
  return plan;
}
