/**
 * The scalars of Strapi v4's schema: JSON, DateTime, Date, Time, Long, Upload. The query engine
 * formats what it returns (ISO datetimes, `YYYY-MM-DD` dates, bigintegers as strings) and
 * validates what it is given, so these pass values through and only refuse what cannot be a
 * value of the kind at all (a parse error is the GraphQL 400, before anything runs).
 */
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { SchemaComposer } from 'graphql-compose';
import { FileUpload } from '../http/file-upload';

/** A literal as the plain value it spells (objects and lists included), for JSON. */
function literalValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((item) => literalValue(item, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}

/** A scalar whose values are strings (numbers are taken too: a client may send a timestamp). */
function textScalar(name: string, description: string, pattern?: RegExp): GraphQLScalarType {
  const check = (value: unknown): string => {
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || (pattern && !pattern.test(text))) throw new GraphQLError(`${name} cannot represent value: ${JSON.stringify(value)}`);
    return text;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => (value instanceof Date ? value.toISOString() : value),
    parseValue: check,
    parseLiteral: (node) => {
      if (node.kind !== Kind.STRING && node.kind !== Kind.INT) throw new GraphQLError(`${name} cannot represent a non string value`, { nodes: node });
      return check(node.value);
    },
  });
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'The `JSON` scalar type represents JSON values as specified by ECMA-404',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
});

export const DateTimeScalar = textScalar(
  'DateTime',
  'A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
);
export const DateScalar = textScalar(
  'Date',
  'A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
);
export const TimeScalar = textScalar('Time', 'A time string with format HH:mm:ss.SSS');
export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'The `BigInt` scalar type represents non-fractional signed whole numeric values.',
  serialize: (value) => (typeof value === 'bigint' ? value.toString() : value),
  parseValue: (value) => {
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return value;
    throw new GraphQLError(`Long cannot represent value: ${JSON.stringify(value)}`);
  },
  parseLiteral: (node) => {
    if (node.kind === Kind.INT || (node.kind === Kind.STRING && /^-?\d+$/.test(node.value))) return node.value;
    throw new GraphQLError('Long cannot represent a non integer value', { nodes: node });
  },
});
/**
 * A file of a multipart request (the GraphQL multipart request spec): only what the request's
 * `map` put in the variables, never a value a client wrote in JSON. graphql-upload's messages.
 */
export const UploadScalar = new GraphQLScalarType({
  name: 'Upload',
  description: 'The `Upload` scalar type represents a file upload.',
  serialize: () => {
    throw new GraphQLError('Upload serialization unsupported.');
  },
  parseValue: (value) => {
    if (value instanceof FileUpload) return value;
    throw new GraphQLError('Upload value invalid.');
  },
  parseLiteral: (node) => {
    throw new GraphQLError('Upload literal unsupported.', { nodes: node });
  },
});

export const SCALARS = [JSONScalar, DateTimeScalar, DateScalar, TimeScalar, LongScalar, UploadScalar];

export function addScalars(composer: SchemaComposer<unknown>): void {
  for (const scalar of SCALARS) composer.add(scalar);
}
