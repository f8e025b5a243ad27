/**
 * Strapi v4 selects the sorted columns too when a list query joins another table (a filter
 * through a relation or a component, a sort on a relation): its query builder adds the ORDER
 * BY columns to a DISTINCT select. So with `fields` given, an attribute the list is sorted on
 * comes back in `attributes` although it was not asked for. Our filters are subqueries, not
 * joins, but the answer must be the same.
 */
import { isPlainObject, type Field, type Model, type ScalarField } from '@platform/core';
import type { Filters } from '../../types';
import { parseSort } from './sort';
import { toList } from './filters/operators';

/** `fields` plus the root attributes the list is sorted on, in schema order, when Strapi would join. */
export function withSortedColumns(model: Model, fields: ScalarField[], filters: Filters | undefined, sort: unknown): ScalarField[] {
  const items = parseSort(sort);
  if (items.length === 0) return fields;
  const joins = items.some((item) => item.path.length > 1 && isLink(model.fields.get(item.path[0]))) || filtersJoin(model, filters);
  if (!joins) return fields;
  const sorted = new Set(items.filter((item) => item.path.length === 1).map((item) => item.path[0]));
  const missing = model.scalarFields.filter((f) => sorted.has(f.name) && !fields.includes(f));
  if (missing.length === 0) return fields;
  const wanted = new Set([...fields, ...missing]);
  return model.scalarFields.filter((f) => wanted.has(f));
}

function isLink(field: Field | undefined): boolean {
  return field !== undefined && (field.kind === 'relation' || field.kind === 'component' || field.kind === 'extension');
}

/** Whether a filter names a relation, a component or a plugin attribute anywhere at the root level. */
function filtersJoin(model: Model, filters: unknown): boolean {
  if (!isPlainObject(filters)) return false;
  for (const [key, value] of Object.entries(filters)) {
    if (key === '$and' || key === '$or') {
      if ((toList(value) ?? []).some((item) => filtersJoin(model, item))) return true;
    } else if (key === '$not') {
      if (filtersJoin(model, value)) return true;
    } else if (isLink(model.fields.get(key))) {
      return true;
    }
  }
  return false;
}
