/**
 * The body checks of the auth routes, answering as Strapi v4's yup schemas do: a 400
 * ValidationError whose details list `{ path, message, name }` per failing key, the message
 * being the single error's or `N errors occurred`.
 */
import { isPlainObject, ValidationError, type ValidationIssue } from '@platform/core';

export interface FieldRule {
  name: string;
  /** a valid email address */
  email?: boolean;
  /** may be absent */
  optional?: boolean;
}

/** yup's email pattern, close enough: something@something.tld without spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function issue(path: string[], message: string): ValidationIssue {
  return { path, message, name: 'ValidationError' };
}

function shown(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/**
 * The body's values for `rules`, as strings (numbers are read as their text, as yup casts
 * them). `noUnknown` refuses keys the rules do not name.
 */
export function validateBody(body: unknown, rules: FieldRule[], options: { noUnknown?: boolean } = {}): Record<string, string | undefined> {
  const input = isPlainObject(body) ? body : {};
  const issues: ValidationIssue[] = [];
  const values: Record<string, string | undefined> = {};
  for (const rule of rules) {
    const raw = input[rule.name];
    if (raw === undefined || raw === null || raw === '') {
      if (!rule.optional) issues.push(issue([rule.name], `${rule.name} is a required field`));
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      issues.push(issue([rule.name], `${rule.name} must be a \`string\` type, but the final value was: \`${shown(raw)}\`.`));
      continue;
    }
    const value = String(raw);
    // as every write refuses it: PostgreSQL fails on a NUL in a query, the others would compare it
    if (value.includes('\u0000')) {
      issues.push(issue([rule.name], `${rule.name} must not contain the NUL character`));
      continue;
    }
    if (rule.email && !EMAIL.test(value)) {
      issues.push(issue([rule.name], `${rule.name} must be a valid email`));
      continue;
    }
    values[rule.name] = value;
  }
  if (options.noUnknown) {
    const known = new Set(rules.map((r) => r.name));
    const unknown = Object.keys(input).filter((key) => !known.has(key));
    if (unknown.length > 0) issues.push(issue([], `this field has unspecified keys: ${unknown.join(', ')}`));
  }
  if (issues.length > 0) throw ValidationError.fromIssues(issues);
  return values;
}
