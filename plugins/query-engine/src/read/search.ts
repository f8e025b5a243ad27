/**
 * `_q`: a simple full-text style search (Strapi v4 REST), as a case-insensitive `$containsi`
 * over the entry's searchable text attributes, OR-ed together, and `id` when the text is an
 * id (`parseId`). It is applied at the root of lists and counts through the engine's own scope hook.
 */
import { CONTENT_TEXT_TYPES, ValidationError, type Model } from '@platform/core';
import type { Filters, ScopeContext } from '../types';
import { isStorableId, parseId } from '../ids';

export function searchFilter(model: Model, q: string): Filters {
  const conditions: Filters[] = [];
  for (const field of model.scalarFields) {
    if (!CONTENT_TEXT_TYPES.has(field.type) || field.attribute.private) continue;
    conditions.push({ [field.name]: { $containsi: q } });
  }
  const id = parseId(q);
  if (id !== null && isStorableId(id)) conditions.push({ id: { $eq: id } });
  // Nothing searchable: nothing can match.
  return conditions.length ? { $or: conditions } : { id: { $null: true } };
}

export function applySearchScope(context: ScopeContext): void {
  if (context.level !== 'root') return;
  const q = context.params._q;
  if (q === undefined || q === null || q === '') return;
  if (typeof q !== 'string') throw new ValidationError('Invalid parameter _q', {});
  context.filters.push(searchFilter(context.model, q));
}
