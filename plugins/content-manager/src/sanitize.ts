/**
 * Output sanitizing for a caller outside a request. Everything a request may send and see is
 * decided by the query engine's content-API contract (`plugin::query-engine.content-api`), the
 * same for every transport; the controllers reach it through their helpers.
 */
import type { Model, ModelRegistry } from '@platform/core';
import { sanitizePrivate } from '@platform/query-engine';

/**
 * Removes private and password attributes from a flat entity (or list), at every depth; a
 * controller uses its `sanitizeOutput(data, ctx)` helper instead, which also removes what the
 * caller may not read.
 */
export function sanitizeOutput(value: unknown, model: Model | undefined, models: ModelRegistry): unknown {
  return sanitizePrivate(value, model, models);
}
