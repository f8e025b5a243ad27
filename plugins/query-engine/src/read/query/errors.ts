/**
 * The one error the query language raises for a bad key, operator or value: Strapi v4's
 * `Invalid parameter <key>` (details `{}`), a 400 ValidationError.
 */
import { ValidationError } from '@platform/core';

export function invalidParameter(key: string): ValidationError {
  return new ValidationError(`Invalid parameter ${key}`);
}
