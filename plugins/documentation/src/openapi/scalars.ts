/**
 * JSON Schemas of scalar attribute values, as the REST API answers them and as it takes them:
 * dates as `YYYY-MM-DD`, times as `HH:mm:ss.SSS`, datetimes as ISO 8601, bigintegers as digit
 * strings (they may not fit a JSON number), decimals as numbers, JSON as any value.
 */
import type { ScalarAttribute, ScalarType } from '@platform/core';
import type { SchemaObject } from './types';

const BIGINT_PATTERN = '^-?\\d+$';

function valueSchema(type: ScalarType, attribute: ScalarAttribute, direction: 'read' | 'write'): SchemaObject {
  switch (type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'password':
    case 'uid':
      return withLengths({ type: 'string' }, attribute, type === 'uid' && attribute.regex === undefined ? '^[A-Za-z0-9-_.~]*$' : attribute.regex);
    case 'email':
      return withLengths({ type: 'string', format: 'email' }, attribute, attribute.regex);
    case 'enumeration':
      return { type: 'string', enum: [...(attribute.enum ?? [])] };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'time':
      return { type: 'string', pattern: '^\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$' };
    case 'datetime':
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    case 'integer':
      return withRange({ type: 'integer' }, attribute);
    case 'biginteger':
      return direction === 'read' ? { type: 'string', pattern: BIGINT_PATTERN } : { oneOf: [{ type: 'string', pattern: BIGINT_PATTERN }, { type: 'integer' }] };
    case 'float':
    case 'decimal':
      return withRange({ type: 'number' }, attribute);
    case 'boolean':
      return { type: 'boolean' };
    case 'json':
      return {};
  }
}

function withLengths(schema: SchemaObject, attribute: ScalarAttribute, pattern: string | undefined): SchemaObject {
  if (attribute.minLength !== undefined) schema.minLength = attribute.minLength;
  if (attribute.maxLength !== undefined) schema.maxLength = attribute.maxLength;
  if (pattern !== undefined) schema.pattern = pattern;
  return schema;
}

function withRange(schema: SchemaObject, attribute: ScalarAttribute): SchemaObject {
  if (typeof attribute.min === 'number') schema.minimum = attribute.min;
  if (typeof attribute.max === 'number') schema.maximum = attribute.max;
  return schema;
}

/** The schema of a scalar attribute's value; `null` is allowed unless the attribute is required (JSON takes any value). */
export function scalarSchema(type: ScalarType, attribute: ScalarAttribute, direction: 'read' | 'write'): SchemaObject {
  const schema = valueSchema(type, attribute, direction);
  if (type === 'json') return schema;
  if (attribute.required === true && direction === 'write') return schema;
  return orNull(schema);
}

export function orNull(schema: SchemaObject): SchemaObject {
  if (typeof schema.type === 'string' && schema.enum === undefined) return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) return { ...schema, type: [schema.type, 'null'], enum: [...schema.enum, null] };
  return { oneOf: [schema, { type: 'null' }] };
}
