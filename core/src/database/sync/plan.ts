/**
 * Compares the tables the models need with the tables the database has. Only additions are
 * planned; anything that would need a drop or a type change is a warning, so that no boot ever
 * loses data. Tables that no model describes are not looked at.
 */
import type { DatabaseClient } from '../connection';
import { isSameKind } from './column-types';
import type { DesiredTable, ExistingSchema, SyncPlan } from './types';

/** PostgreSQL cuts identifiers at 63 bytes; MariaDB refuses more than 64 characters. */
export function identifierName(name: string, client: DatabaseClient): string {
  if (client === 'postgres' && Buffer.byteLength(name) > 63) return Buffer.from(name).subarray(0, 63).toString();
  if (client === 'mysql' && name.length > 64) return name.slice(0, 64);
  return name;
}

export function planSync(desired: readonly DesiredTable[], existing: ExistingSchema, client: DatabaseClient): SyncPlan {
  const plan: SyncPlan = { createTables: [], addColumns: [], addIndexes: [], warnings: [] };
  for (const table of desired) {
    const current = existing.get(identifierName(table.name, client));
    if (!current) {
      plan.createTables.push(table);
      continue;
    }
    const missing = table.columns.filter((column) => !current.columns.has(column.name));
    if (missing.length > 0) plan.addColumns.push({ table: current.name, columns: missing });

    if (table.role === 'bookkeeping') continue;
    for (const column of table.columns) {
      const actual = current.columns.get(column.name);
      if (actual && !isSameKind(column.kind, actual.type, client)) {
        plan.warnings.push(
          `Table "${current.name}": column "${column.name}" is ${actual.type} in the database but the schema (${table.source}) wants ${column.kind}; the column is kept as it is (change it by hand if the data allows)`,
        );
      }
    }
    if (table.role === 'entity') {
      const known = new Set(table.columns.map((c) => c.name));
      for (const name of current.columns.keys()) {
        if (!known.has(name)) {
          plan.warnings.push(`Table "${current.name}": column "${name}" is not in the schema (${table.source}); it is kept with its data (drop it by hand if it is no longer needed)`);
        }
      }
    }
    for (const index of table.indexes) {
      if (!current.indexes.has(identifierName(index.name, client))) plan.addIndexes.push({ table: current.name, index });
    }
  }
  return plan;
}

export function isEmptyPlan(plan: SyncPlan): boolean {
  return plan.createTables.length === 0 && plan.addColumns.length === 0 && plan.addIndexes.length === 0;
}

/**
 * Whether the plan changes the layout Strapi knows: anything but the extra indexes platform adds
 * beside Strapi's. A boot that adds only those leaves the recorded schema and every row as they were.
 */
export function changesLayout(plan: SyncPlan): boolean {
  return plan.createTables.length > 0 || plan.addColumns.length > 0 || plan.addIndexes.some(({ index }) => index.extra !== true);
}
