/**
 * Query strings are parsed with `qs` and the options real Strapi v4 frontends depend on
 * (`strictNullHandling`, `arrayLimit: 100`, `depth: 20`), bounded against abuse.
 */
import qs from 'qs';
import { ValidationError } from '../errors';

const MAX_QUERY_LENGTH = 64 * 1024;

export function parseQueryString(raw: string): Record<string, unknown> {
  if (!raw) return {};
  if (raw.length > MAX_QUERY_LENGTH) throw new ValidationError(`Query string too long (over ${MAX_QUERY_LENGTH} characters)`);
  // No stored text can hold a NUL character (PostgreSQL refuses it outright), so no parameter may.
  if (/%00/.test(raw)) throw new ValidationError('Malformed query string: it contains a NUL character (%00)');
  try {
    return qs.parse(raw, {
      strictNullHandling: true,
      arrayLimit: 100,
      depth: 20,
      parameterLimit: 2000,
      allowPrototypes: false,
    }) as Record<string, unknown>;
  } catch (error) {
    throw new ValidationError(`Malformed query string: ${(error as Error).message}`);
  }
}
