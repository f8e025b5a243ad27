/**
 * Which GraphQL type each attribute gets, as Strapi v4 maps them, and which attributes the
 * schema shows at all (never a private one, never a relation to a type the schema lacks).
 */
import type { Field, Model, ModelRegistry, ScalarField, ScalarType } from '@platform/core';
import type { FilteredScalar } from './filter-inputs';
import { enumName } from '../naming';

const SCALAR_MAP: Record<ScalarType, FilteredScalar> = {
  string: 'String',
  text: 'String',
  richtext: 'String',
  email: 'String',
  password: 'String',
  uid: 'String',
  enumeration: 'String',
  date: 'Date',
  time: 'Time',
  datetime: 'DateTime',
  timestamp: 'DateTime',
  integer: 'Int',
  biginteger: 'Long',
  float: 'Float',
  decimal: 'Float',
  boolean: 'Boolean',
  json: 'JSON',
};

/** The scalar of a scalar attribute (an enumeration filters as a String). */
export const graphqlScalar = (field: ScalarField): FilteredScalar => SCALAR_MAP[field.type] ?? 'String';

/** The output type name of a scalar attribute: its enum for an enumeration. */
export function scalarOutputType(model: Model, field: ScalarField): string {
  if (field.type === 'enumeration') return enumName(model, field.name, (field.attribute as { enumName?: unknown }).enumName);
  return graphqlScalar(field);
}

export function isPrivate(field: Field): boolean {
  return (field.attribute as { private?: unknown }).private === true || (field.kind === 'scalar' && field.type === 'password');
}

/** The model an entry-holding attribute points to (relation, or a plugin type such as media). */
export function entryTarget(field: Field, models: ModelRegistry): Model | undefined {
  if (field.kind === 'relation') return field.relation.startsWith('morph') ? undefined : models.find(field.target);
  if (field.kind === 'extension' && field.target) return models.find(field.target);
  return undefined;
}

/** Whether an entry-holding attribute holds a list. */
export function holdsMany(field: Field): boolean {
  if (field.kind === 'relation') return field.toMany;
  if (field.kind === 'extension') return field.multiple;
  return false;
}

/** The attributes shown for `model`, given which models the schema has. */
export function visibleFields(model: Model, models: ModelRegistry, exposed: (model: Model) => boolean): Field[] {
  return [...model.fields.values()].filter((field) => {
    if (isPrivate(field)) return false;
    if (field.kind === 'relation' || field.kind === 'extension') {
      const target = entryTarget(field, models);
      return target !== undefined && exposed(target);
    }
    if (field.kind === 'component') return models.has(field.component);
    return true;
  });
}

export const isRequired = (field: Field): boolean => (field.attribute as { required?: unknown }).required === true;
