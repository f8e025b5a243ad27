/**
 * Small rules shared by the populate parser: which attributes can be populated, Strapi's
 * boolean casting, schema order, and the errors.
 */
import { parseBoolean, ValidationError, type Field, type Model } from '@platform/core';
import type { PopulateNode } from '../query/contracts';
import { CREATOR_FIELDS } from './creators';

/**
 * The deepest populate accepted, counting every level (object nesting and dotted-path
 * segments alike). Bracket forms are already bounded by the query-string depth; a dotted
 * string is not, and `category.articles.category.articles...` must stay cheap to refuse.
 */
export const MAX_POPULATE_DEPTH = 20;

export function tooDeep(): ValidationError {
  return new ValidationError(`Invalid parameter populate: deeper than ${MAX_POPULATE_DEPTH} levels`);
}

export function invalidPopulate(path: string): ValidationError {
  return new ValidationError(`Invalid parameter ${path}: expected a string, an array of strings or a populate object`);
}

/**
 * Relations, components, dynamic zones and plugin-provided attributes; never private
 * attributes, nor an attribute named like a creator field (those are populated only as
 * creators, see creators.ts).
 */
export function populatableField(field: Field, includePrivate: boolean): boolean {
  if (field.kind === 'scalar') return false;
  if (CREATOR_FIELDS.includes(field.name)) return false;
  if (field.attribute.private === true && !includePrivate) return false;
  // polymorphic relations have no link table of their own (plugins that use them declare an attribute type)
  if (field.kind === 'relation' && field.relation.startsWith('morph')) return false;
  return true;
}

/**
 * Strapi casts a populate value string to a boolean: `false`, `f`, `0` and the empty string
 * are false, every other string (`true`, `t`, `1`, `*`) is true.
 */
export function parseBoolish(value: boolean | string): boolean {
  if (typeof value === 'boolean') return value;
  const text = value.trim();
  return text !== '' && parseBoolean(text, { caseSensitive: true }) !== false;
}

/**
 * Populated keys appear in the entity in schema order, whatever order the request used; the
 * creator fields come last, as in Strapi's schemas.
 */
export function schemaOrder(model: Model, nodes: PopulateNode[]): PopulateNode[] {
  if (nodes.length < 2) return nodes;
  const order = schemaPositions(model);
  const position = (name: string) => order.get(name) ?? order.size + CREATOR_FIELDS.indexOf(name);
  return nodes.sort((a, b) => position(a.field) - position(b.field));
}

const positions = new WeakMap<Model, Map<string, number>>();

/** Each attribute's index in the schema, computed once per model. */
function schemaPositions(model: Model): Map<string, number> {
  let found = positions.get(model);
  if (!found) {
    found = new Map([...model.fields.keys()].map((name, index) => [name, index]));
    positions.set(model, found);
  }
  return found;
}
