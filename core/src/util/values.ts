/**
 * Small checks on untyped values (request bodies, query strings, config files, driver
 * results) that the kernel and every plugin make the same way.
 */

/** An object literal (or a null-prototype object): not an array, a Date, a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A list as the query-string parser gives it past its array limit or with explicit indexes
 * (`{ '0': 'a', '1': 'b' }`): an object whose keys are all digits, at least one.
 */
export function isIndexObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
}

/** The values of an index object in index order. */
export function indexObjectValues(value: Record<string, unknown>): unknown[] {
  return Object.keys(value)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => value[key]);
}

const TRUE_WORDS = new Set(['true', 't', '1']);
const FALSE_WORDS = new Set(['false', 'f', '0']);

export interface ParseBooleanOptions {
  /** only the lower-case words (`true`, `t`, `1`, `false`, `f`, `0`), as Strapi v4 checks some parameters */
  caseSensitive?: boolean;
}

/**
 * A boolean as query strings, environment variables and database drivers spell it: a boolean,
 * 0/1, or the words true/t/1 and false/f/0. Null for anything else, so each caller decides
 * whether that is an error or a default.
 */
export function parseBoolean(value: unknown, options: ParseBooleanOptions = {}): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' || typeof value === 'bigint') {
    const number = Number(value); // 1n -> 1
    return number === 1 ? true : number === 0 ? false : null;
  }
  if (typeof value !== 'string') return null;
  const word = options.caseSensitive ? value : value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}
