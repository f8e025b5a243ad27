/**
 * A unique index the database enforces (a uid's index, or two concurrent writes that both
 * passed the unique check) answers 400 like the check itself, never 500. Only the indexes of
 * attributes (`<table>_<column>_unique`) are translated; any other constraint is a bug and
 * stays an internal error.
 */
import { ValidationError, type ModelRegistry, type Model } from '@platform/core';
import { issue, messages } from './messages';

interface DriverError {
  code?: string;
  errno?: number;
  constraint?: string;
  message?: string;
}

/** A unique index or primary key refused a row (PostgreSQL and MariaDB report both alike; SQLite tells them apart). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as DriverError | null;
  if (!e || typeof e !== 'object') return false;
  return e.code === '23505' || e.code === 'ER_DUP_ENTRY' || e.errno === 1062 || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The ValidationError for a violated attribute index, or null when the index is not an attribute's. */
export function uniqueViolationError(models: ModelRegistry, root: Model, error: unknown): ValidationError | null {
  // PostgreSQL names the constraint; MariaDB puts the index name in the message; SQLite `table.column`
  const text = `${(error as DriverError).constraint ?? ''} ${(error as DriverError).message ?? ''}`;
  for (const model of [root, ...models.all().filter((m) => m !== root)]) {
    const table = escapeRegExp(model.tableName);
    const field = model.scalarFields.find((f) => new RegExp(`\\b${table}_${escapeRegExp(f.column)}_unique\\b|\\b${table}\\.${escapeRegExp(f.column)}\\b`).test(text));
    if (!field) continue;
    const path = model === root ? [field.name] : [];
    return ValidationError.fromIssues([issue(path, messages.unique())]);
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
