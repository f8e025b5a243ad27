/**
 * Brings the database schema in line with the models at boot. (Being written: see issue 2.)
 */
import type { Database } from './database';
import type { ModelRegistry } from '../model/types';
import type { Logger } from '../kernel/logger';

export async function syncSchema(db: Database, models: ModelRegistry, log: Logger): Promise<void> {
  void db;
  void models;
  void log;
}
