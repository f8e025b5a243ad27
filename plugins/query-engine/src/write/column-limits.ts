/**
 * What the columns of Strapi v4's layout can hold, checked before a write so that a value is
 * stored the same way, or refused with the same 400, on SQLite, MariaDB and PostgreSQL:
 * SQLite stores anything (a 300-character string in a `varchar(255)`, 9.989 in a
 * `decimal(10,2)`), MariaDB and PostgreSQL round, truncate or fail with a 500.
 */
import { issue, messages, pathString } from './messages';
import { VARCHAR_SCALAR_TYPES, type ScalarType, type ValidationIssue } from '@platform/core';

/** `varchar(255)`: string, email, password, uid, enumeration. MariaDB and PostgreSQL count code points. */
export const VARCHAR_LENGTH = 255;
/** PostgreSQL's bound on one text or json value (1 GB), the smallest of the three databases. */
export const MAX_TEXT_BYTES = 1073741823;
/** `decimal(10,2)`: eight digits before the point. */
export const DECIMAL_MAX = 99999999.99;
/** MariaDB's DATETIME range (PostgreSQL and SQLite's epoch milliseconds hold more). */
export const DATETIME_MIN = Date.UTC(1000, 0, 1);
export const DATETIME_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** MariaDB's JSON check (its JSON_VALID) refuses arrays and objects nested deeper than this. */
export const JSON_MAX_DEPTH = 31;

/** Characters as MariaDB and PostgreSQL count them: a surrogate pair (an emoji) is one. */
export function codePointLength(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - pairs;
}

/** UTF-8 bytes, computed only when the text could be near the bound. */
function overTextBytes(text: string): boolean {
  return text.length * 3 > MAX_TEXT_BYTES && Buffer.byteLength(text, 'utf8') > MAX_TEXT_BYTES;
}

const nulMessage = (path: readonly string[]) => `${pathString(path)} must not contain the NUL character`;
const bytesMessage = (path: readonly string[]) => `${pathString(path)} must be at most ${MAX_TEXT_BYTES} bytes`;
const unicodeMessage = (path: readonly string[]) => `${pathString(path)} must not contain an unpaired surrogate (invalid Unicode)`;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text every database stores as it is: PostgreSQL's text cannot hold U+0000, and an unpaired
 * surrogate (`"\ud800"` in a JSON body) has no UTF-8 form: SQLite stores three replacement
 * characters for it where the others store one, and MariaDB and PostgreSQL refuse it in JSON.
 */
function textIssue(text: string, path: readonly string[]): ValidationIssue | null {
  if (text.includes('\u0000')) return issue(path, nulMessage(path));
  if (LONE_SURROGATE.test(text)) return issue(path, unicodeMessage(path));
  return null;
}

/** The column's own limits for a string value of a string-typed attribute, or null when it fits. */
export function stringColumnIssue(type: ScalarType, value: string, path: readonly string[]): ValidationIssue | null {
  const text = textIssue(value, path);
  if (text) return text;
  if (VARCHAR_SCALAR_TYPES.has(type)) {
    // a UTF-16 length within the bound is a code point count within it too
    if (value.length > VARCHAR_LENGTH && codePointLength(value) > VARCHAR_LENGTH) return issue(path, messages.maxLength(path, VARCHAR_LENGTH));
  } else if (overTextBytes(value)) {
    return issue(path, bytesMessage(path));
  }
  return null;
}

/**
 * Rounds to two decimal places, half away from zero, on the number's decimal text (what the
 * drivers send): 9.989 → 9.99, 1.005 → 1.01, -1.005 → -1.01, as MariaDB and PostgreSQL store them.
 */
export function roundDecimal(value: number): number {
  const text = String(Math.abs(value));
  let rounded: number;
  if (/e/i.test(text)) {
    // exponent notation: below 1e-6 (rounds to 0) or at least 1e21 (out of range anyway)
    rounded = Math.abs(value) < 1 ? 0 : Math.abs(value);
  } else {
    const [whole, fraction = ''] = text.split('.');
    if (fraction.length <= 2) rounded = Math.abs(value);
    else {
      const cents = BigInt(whole + fraction.slice(0, 2)) + (fraction.charCodeAt(2) >= 53 /* '5' */ ? 1n : 0n);
      // an exact integer divided by 100 is the double nearest to the decimal, as parsing it would give
      rounded = Number(cents) / 100;
    }
  }
  // no negative zero: the databases store 0.00
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The `decimal(10,2)` range of an already rounded value, or null when it fits. */
export function decimalRangeIssue(value: number, path: readonly string[]): ValidationIssue | null {
  if (value > DECIMAL_MAX) return issue(path, messages.max(path, DECIMAL_MAX));
  if (value < -DECIMAL_MAX) return issue(path, messages.min(path, -DECIMAL_MAX));
  return null;
}

/** A datetime outside MariaDB's DATETIME range, or null when it fits. */
export function dateTimeRangeIssue(value: Date, path: readonly string[]): ValidationIssue | null {
  const time = value.getTime();
  if (time >= DATETIME_MIN && time <= DATETIME_MAX) return null;
  return issue(path, `${pathString(path)} must be between ${new Date(DATETIME_MIN).toISOString()} and ${new Date(DATETIME_MAX).toISOString()}`);
}

/**
 * A json value must serialize (no BigInt, no cycle, not `undefined` or a function), hold only
 * text every database stores in its strings and keys (PostgreSQL refuses `\u0000` and unpaired
 * surrogates in json), nest no deeper than MariaDB's JSON check allows, and fit the column.
 */
export function jsonColumnIssue(value: unknown, path: readonly string[]): ValidationIssue | null {
  let textProblem: ValidationIssue | null = null;
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(value, (key, inner: unknown) => {
      textProblem ??= textIssue(key, path) ?? (typeof inner === 'string' ? textIssue(inner, path) : null);
      return inner;
    });
  } catch {
    serialized = undefined;
  }
  if (serialized === undefined) return issue(path, `${pathString(path)} must be a valid JSON value`);
  if (textProblem) return textProblem;
  if (jsonDepth(serialized) > JSON_MAX_DEPTH) return issue(path, `${pathString(path)} must not nest arrays and objects deeper than ${JSON_MAX_DEPTH} levels`);
  if (overTextBytes(serialized)) return issue(path, bytesMessage(path));
  return null;
}

/** The deepest nesting of arrays and objects in a JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \\ */) i++;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 91 /* [ */ || char === 123 /* { */) deepest = Math.max(deepest, ++depth);
    else if (char === 93 /* ] */ || char === 125 /* } */) depth--;
  }
  return deepest;
}
