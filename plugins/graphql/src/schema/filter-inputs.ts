/**
 * The per-scalar filter inputs (`StringFilterInput`, `IDFilterInput`...), each with every
 * operator the REST filters have, and the translation of a GraphQL filter argument into the
 * query engine's filter object (`{ title: { eq: 'x' } }` -> `{ title: { $eq: 'x' } }`).
 */
import { isPlainObject, type Model, type ModelRegistry } from '@platform/core';
import type { SchemaComposer } from 'graphql-compose';

/** The operators whose value is one scalar. */
const SINGLE = ['eq', 'eqi', 'ne', 'nei', 'startsWith', 'startsWithi', 'endsWith', 'endsWithi', 'contains', 'notContains', 'containsi', 'notContainsi', 'gt', 'gte', 'lt', 'lte'] as const;
/** The operators whose value is a list of scalars. */
const LIST = ['and', 'or', 'in', 'notIn', 'between'] as const;
/** The operators whose value is a boolean. */
const BOOLEAN = ['null', 'notNull'] as const;

/** The GraphQL scalar of each filter input, as Strapi v4 names them. */
export const FILTERED_SCALARS = ['ID', 'Boolean', 'String', 'Int', 'Long', 'Float', 'Date', 'Time', 'DateTime', 'JSON'] as const;
export type FilteredScalar = (typeof FILTERED_SCALARS)[number];

export const scalarFilterName = (scalar: FilteredScalar) => `${scalar}FilterInput`;

export function addScalarFilterInputs(composer: SchemaComposer<unknown>): void {
  for (const scalar of FILTERED_SCALARS) {
    const name = scalarFilterName(scalar);
    const fields: Record<string, string> = {};
    for (const op of LIST.slice(0, 2)) fields[op] = `[${scalar}]`;
    fields.not = name;
    for (const op of SINGLE) fields[op] = scalar;
    for (const op of BOOLEAN) fields[op] = 'Boolean';
    for (const op of LIST.slice(2)) fields[op] = `[${scalar}]`;
    composer.createInputTC({ name, fields });
  }
}

/**
 * A GraphQL filters argument as engine filters, read against the model the input type was
 * built from: operators and logical keys get their `$`, attribute names stay, relations and
 * components recurse into their target. Empty operator objects (Apollo drops undefined
 * variables) mean no condition and are left out. On a scalar, `and`/`or` lists of values
 * become lists of `$eq`.
 */
export function toEngineFilters(model: Model, models: ModelRegistry, input: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(input)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (key === 'not') {
      const inner = toEngineFilters(model, models, value);
      if (inner && Object.keys(inner).length > 0) out.$not = inner;
      continue;
    }
    if (key === 'and' || key === 'or') {
      if (Array.isArray(value)) out[`$${key}`] = value.map((item) => toEngineFilters(model, models, item) ?? {});
      continue;
    }
    if (!isPlainObject(value)) continue;
    const target = key === 'id' ? undefined : filterTarget(model, models, key);
    const condition = target ? toEngineFilters(target, models, value) : toEngineOperators(value);
    if (condition && Object.keys(condition).length > 0) out[key] = condition;
  }
  return out;
}

/** The model a relation, media or component attribute filters through; undefined for a scalar. */
function filterTarget(model: Model, models: ModelRegistry, key: string): Model | undefined {
  const field = model.fields.get(key);
  if (!field) return undefined;
  if (field.kind === 'relation') return models.find(field.target);
  if (field.kind === 'extension' && field.target) return models.find(field.target);
  if (field.kind === 'component') return models.find(field.component);
  return undefined;
}

/** `{ eq: 1, not: { in: [2] }, or: [3, 4] }` -> `{ $eq: 1, $not: { $in: [2] }, $or: [{ $eq: 3 }, { $eq: 4 }] }` */
function toEngineOperators(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [op, operand] of Object.entries(value)) {
    if (operand === undefined) continue;
    if (op === 'not') {
      if (isPlainObject(operand)) {
        const inner = toEngineOperators(operand);
        if (Object.keys(inner).length > 0) out.$not = inner;
      }
    } else if ((op === 'and' || op === 'or') && Array.isArray(operand)) {
      out[`$${op}`] = operand.map((item) => ({ $eq: item }));
    } else {
      out[`$${op}`] = operand;
    }
  }
  return out;
}
