/**
 * Validation messages in the words Strapi v4's validator uses, so a client that shows
 * `details.errors[].message` sees the same text: the path is printed the way yup prints it
 * (`seo.metaTitle`, `blocks[1].title`) and values the way yup's `printValue` does.
 */
import type { ValidationIssue } from '@platform/core';

/** `['blocks', '1', 'title']` → `blocks[1].title` */
export function pathString(path: readonly string[]): string {
  let out = '';
  for (const part of path) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

export function printValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function issue(path: readonly string[], message: string): ValidationIssue {
  return { path: [...path], message, name: 'ValidationError' };
}

export const messages = {
  defined: (path: readonly string[]) => `${pathString(path)} must be defined.`,
  notNull: (path: readonly string[]) => `${pathString(path)} cannot be null.`,
  required: (path: readonly string[]) => `${pathString(path)} is a required field`,
  notType: (path: readonly string[], type: string, value: unknown, original?: unknown) => {
    const cast = original !== undefined && original !== null && !Object.is(original, value) ? ` (cast from the value \`${printValue(original)}\`).` : '.';
    return `${pathString(path)} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`${cast}`;
  },
  minLength: (path: readonly string[], min: number) => `${pathString(path)} must be at least ${min} characters`,
  maxLength: (path: readonly string[], max: number) => `${pathString(path)} must be at most ${max} characters`,
  min: (path: readonly string[], min: number | string) => `${pathString(path)} must be greater than or equal to ${min}`,
  max: (path: readonly string[], max: number | string) => `${pathString(path)} must be less than or equal to ${max}`,
  integer: (path: readonly string[]) => `${pathString(path)} must be an integer`,
  matches: (path: readonly string[], regex: RegExp) => `${pathString(path)} must match the following: "${regex}"`,
  email: (path: readonly string[]) => `${pathString(path)} must be a valid email`,
  // Strapi lists the allowed values with a trailing `, ` (the null it also accepts prints empty).
  oneOf: (path: readonly string[], values: readonly string[], trailingNull: boolean) => `${pathString(path)} must be one of the following values: ${values.join(', ')}${trailingNull ? ', ' : ''}`,
  minItems: (path: readonly string[], min: number) => `${pathString(path)} field must have at least ${min} items`,
  maxItems: (path: readonly string[], max: number) => `${pathString(path)} field must have less than or equal to ${max} items`,
  unique: () => 'This attribute must be unique',
  // A component id sent in an update that the entry does not own (or sent twice).
  componentsNotRelated: (field: string) => `Some of the provided components in ${field} are not related to the entity`,
  // The database layer's format errors: a single ValidationError with empty details.
  date: () => 'Invalid format, expected yyyy-MM-dd',
  time: () => 'Invalid format, expected HH:mm:ss.SSS',
  datetime: () => 'Invalid format, expected a timestamp or an ISO date',
};
