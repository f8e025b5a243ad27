/**
 * Small rules shared by the populate parser: which attributes can be populated, their target
 * model, Strapi's boolean casting, schema order, and the errors.
 */
import { ValidationError, type Field, type Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { PopulateNode } from '../query/contracts';

/**
 * The deepest populate accepted, counting every level (object nesting and dotted-path
 * segments alike). Bracket forms are already bounded by the query-string depth; a dotted
 * string is not, and `category.articles.category.articles...` must stay cheap to refuse.
 */
export const MAX_POPULATE_DEPTH = 20;

export const UPLOAD_FILE_UID = 'plugin::upload.file';

/** Creator fields are never populated, whatever the form. */
const CREATOR_FIELDS = new Set(['createdBy', 'updatedBy']);

export function tooDeep(): ValidationError {
  return new ValidationError(`Invalid parameter populate: deeper than ${MAX_POPULATE_DEPTH} levels`);
}

export function invalidPopulate(path: string): ValidationError {
  return new ValidationError(`Invalid parameter ${path}: expected a string, an array of strings or a populate object`);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Relations, media, components and dynamic zones; never private or creator attributes. */
export function populatableField(field: Field, includePrivate: boolean): boolean {
  if (field.kind === 'scalar') return false;
  if (CREATOR_FIELDS.has(field.name)) return false;
  if (field.attribute.private === true && !includePrivate) return false;
  // polymorphic relations have no link table of their own; media are modeled as `media`
  if (field.kind === 'relation' && field.relation.startsWith('morph')) return false;
  return true;
}

/** The model a populated attribute reads (undefined: media without the upload plugin). */
export function targetModel(engine: Engine, field: Field): Model | undefined {
  switch (field.kind) {
    case 'relation':
      return engine.platform.models.find(field.target);
    case 'component':
      return engine.platform.models.find(field.component);
    case 'media':
      return engine.platform.models.find(UPLOAD_FILE_UID);
    default:
      return undefined;
  }
}

/**
 * Strapi casts a populate value string to a boolean: `false`, `f`, `0` and the empty string
 * are false, every other string (`true`, `t`, `1`, `*`) is true.
 */
export function parseBoolish(value: boolean | string): boolean {
  if (typeof value === 'boolean') return value;
  return !['false', 'f', '0', ''].includes(value.trim());
}

/** Populated keys appear in the entity in schema order, whatever order the request used. */
export function schemaOrder(model: Model, nodes: PopulateNode[]): PopulateNode[] {
  const names = [...model.fields.keys()];
  return nodes.sort((a, b) => names.indexOf(a.field) - names.indexOf(b.field));
}
