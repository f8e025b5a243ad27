/**
 * Checks and normalizes one scalar value against its attribute (type, format, bounds) and
 * against what its column holds on every database (column-limits.ts). The result is the value
 * in its canonical JS form (numbers, decimals rounded to two places, booleans, `Date` for datetimes,
 * `YYYY-MM-DD` for dates, `HH:mm:ss.SSS` for times, digit strings for bigintegers); turning it
 * into what a given database stores is db-values.ts's job.
 */
import { TEXT_SCALAR_TYPES, type ScalarField, type ScalarType, type ValidationIssue } from '@platform/core';
import { INT4_RANGE } from '../ids';
import { issue, messages } from './messages';
import { dateTimeRangeIssue, decimalRangeIssue, jsonColumnIssue, roundDecimal, stringColumnIssue } from './column-limits';

export type ScalarResult =
  | { ok: true; value: unknown }
  | { ok: false; issue: ValidationIssue }
  /** a format error of the database layer (dates, times): a ValidationError with empty details */
  | { ok: false; formatError: string };

export interface ScalarOptions {
  mode: 'create' | 'update';
  /** set by plugins for incomplete entries (drafts): `required`, `minLength` and minimum item counts are skipped, as in Strapi v4 */
  relaxRequired: boolean;
}

const NUMBER_TYPES = new Set(['integer', 'float', 'decimal']);
const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;
const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/;
const NUMERIC_STRING = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;
/** An `integer` attribute's value must fit its 4-byte column (an attribute rule, not an id rule). */
const INTEGER_ATTRIBUTE_RANGE = INT4_RANGE;
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** The yup type Strapi's validator uses for an attribute type (`mixed` types have no type error). */
function yupType(type: ScalarType): 'string' | 'number' | 'boolean' | 'mixed' {
  if (TEXT_SCALAR_TYPES.has(type)) return 'string';
  if (NUMBER_TYPES.has(type)) return 'number';
  if (type === 'boolean') return 'boolean';
  return 'mixed';
}

export function isRequired(field: ScalarField, options: ScalarOptions): boolean {
  return field.attribute.required === true && !options.relaxRequired;
}

export function checkScalar(field: ScalarField, value: unknown, path: string[], options: ScalarOptions): ScalarResult {
  if (value === null) {
    if (!isRequired(field, options)) return { ok: true, value: null };
    const type = yupType(field.type);
    if (type !== 'mixed') return fail(path, messages.notType(path, type, null));
    return fail(path, options.mode === 'create' ? messages.defined(path) : messages.notNull(path));
  }
  switch (field.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'password':
    case 'email':
    case 'uid':
    case 'enumeration':
      return checkString(field, value, path, options);
    case 'integer':
    case 'float':
    case 'decimal':
      return checkNumber(field, value, path);
    case 'biginteger':
      return checkBigInteger(field, value, path);
    case 'boolean':
      return checkBoolean(value, path);
    case 'json': {
      const limit = jsonColumnIssue(value, path);
      return limit ? { ok: false, issue: limit } : { ok: true, value };
    }
    case 'date':
      return checkDate(value);
    case 'time':
      return checkTime(value);
    case 'datetime':
    case 'timestamp': {
      const result = checkDateTime(value);
      const limit = result.ok ? dateTimeRangeIssue(result.value as Date, path) : null;
      return limit ? { ok: false, issue: limit } : result;
    }
  }
}

function fail(path: string[], message: string): ScalarResult {
  return { ok: false, issue: issue(path, message) };
}

function checkString(field: ScalarField, raw: unknown, path: string[], options: ScalarOptions): ScalarResult {
  // yup casts numbers and booleans to strings; objects and arrays are a type error
  const value = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
  if (typeof value !== 'string') return fail(path, messages.notType(path, 'string', raw));
  const result = checkStringRules(field, value, path, options);
  if (!result.ok) return result;
  const limit = stringColumnIssue(field.type, value, path);
  return limit ? { ok: false, issue: limit } : result;
}

/** The attribute's own rules, in the order Strapi's validator checks them. */
function checkStringRules(field: ScalarField, value: string, path: string[], options: ScalarOptions): ScalarResult {
  const attr = field.attribute;
  if (field.type === 'enumeration') {
    const values = attr.enum ?? [];
    return values.includes(value) ? { ok: true, value } : fail(path, messages.oneOf(path, values, true));
  }
  if (attr.minLength !== undefined && !options.relaxRequired && value.length < attr.minLength) return fail(path, messages.minLength(path, attr.minLength));
  if (attr.maxLength !== undefined && value.length > attr.maxLength) return fail(path, messages.maxLength(path, attr.maxLength));
  if (field.type === 'uid' && !UID_PATTERN.test(value)) return fail(path, messages.matches(path, UID_PATTERN));
  if (field.type === 'email' && value !== '' && !EMAIL_PATTERN.test(value)) return fail(path, messages.email(path));
  if (attr.regex) {
    const regex = regexOf(field);
    const skipEmpty = attr.required !== true && value === '';
    if (!skipEmpty && !regex.test(value)) return fail(path, messages.matches(path, regex));
  }
  return { ok: true, value };
}

const compiledRegex = new WeakMap<ScalarField, RegExp>();

/** The attribute's `regex`, compiled on its first use; schema validation refused any that does not compile. */
function regexOf(field: ScalarField): RegExp {
  let regex = compiledRegex.get(field);
  if (!regex) {
    regex = new RegExp(field.attribute.regex as string);
    compiledRegex.set(field, regex);
  }
  return regex;
}

function toNumber(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && NUMERIC_STRING.test(raw)) return Number(raw.trim());
  // shown as Infinity in the message, then rejected as not finite
  if (typeof raw === 'string' && /^\s*[-+]?Infinity\s*$/.test(raw)) return Number(raw.trim());
  return NaN;
}

function checkNumber(field: ScalarField, raw: unknown, path: string[]): ScalarResult {
  const value = toNumber(raw);
  // `[1]`, `true`, `"abc"`, `"Infinity"`: never a number here (Strapi would coerce or store null)
  if (!Number.isFinite(value)) return fail(path, messages.notType(path, 'number', Number.isNaN(value) ? NaN : value, raw));
  if (field.type === 'integer' && !Number.isInteger(value)) return fail(path, messages.integer(path));
  const attr = field.attribute;
  const min = attr.min !== undefined ? Number(attr.min) : field.type === 'integer' ? INTEGER_ATTRIBUTE_RANGE.min : undefined;
  const max = attr.max !== undefined ? Number(attr.max) : field.type === 'integer' ? INTEGER_ATTRIBUTE_RANGE.max : undefined;
  if (min !== undefined && value < min) return fail(path, messages.min(path, min));
  if (max !== undefined && value > max) return fail(path, messages.max(path, max));
  if (field.type === 'integer' && (value < INTEGER_ATTRIBUTE_RANGE.min || value > INTEGER_ATTRIBUTE_RANGE.max)) {
    return fail(path, value < INTEGER_ATTRIBUTE_RANGE.min ? messages.min(path, INTEGER_ATTRIBUTE_RANGE.min) : messages.max(path, INTEGER_ATTRIBUTE_RANGE.max));
  }
  if (field.type === 'decimal') {
    // stored as the `decimal(10,2)` column holds it, whichever database
    const rounded = roundDecimal(value);
    const limit = decimalRangeIssue(rounded, path);
    return limit ? { ok: false, issue: limit } : { ok: true, value: rounded };
  }
  return { ok: true, value };
}

function checkBigInteger(field: ScalarField, raw: unknown, path: string[]): ScalarResult {
  let text: string | null = null;
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) text = String(raw);
  else if (typeof raw === 'string' && /^\s*-?\d{1,20}\s*$/.test(raw)) text = raw.trim();
  if (text === null) return fail(path, messages.notType(path, 'biginteger', raw));
  const big = BigInt(text);
  if (big < INT64.min) return fail(path, messages.min(path, INT64.min.toString()));
  if (big > INT64.max) return fail(path, messages.max(path, INT64.max.toString()));
  const attr = field.attribute;
  if (attr.min !== undefined && big < BigInt(String(attr.min))) return fail(path, messages.min(path, attr.min));
  if (attr.max !== undefined && big > BigInt(String(attr.max))) return fail(path, messages.max(path, attr.max));
  return { ok: true, value: big.toString() };
}

function checkBoolean(raw: unknown, path: string[]): ScalarResult {
  if (typeof raw === 'boolean') return { ok: true, value: raw };
  if (raw === 1 || (typeof raw === 'string' && /^(true|1)$/i.test(raw))) return { ok: true, value: true };
  if (raw === 0 || (typeof raw === 'string' && /^(false|0)$/i.test(raw))) return { ok: true, value: false };
  return fail(path, messages.notType(path, 'boolean', raw));
}

function validCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkDate(raw: unknown): ScalarResult {
  if (raw instanceof Date && !Number.isNaN(raw.getTime())) return { ok: true, value: raw.toISOString().slice(0, 10) };
  if (typeof raw === 'string') {
    // a datetime sent to a date field is cut to its date (Strapi v4 does the same)
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(raw);
    if (match && (raw.length === 10 || parseIsoDateTime(raw) !== null)) {
      const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
      if (validCalendarDate(y, m, d)) return { ok: true, value: `${match[1]}-${match[2]}-${match[3]}` };
    }
  }
  return { ok: false, formatError: messages.date() };
}

function checkTime(raw: unknown): ScalarResult {
  if (typeof raw === 'string') {
    const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/.exec(raw);
    if (match) {
      const millis = (match[4] ?? '').padEnd(3, '0');
      return { ok: true, value: `${match[1]}:${match[2]}:${match[3] ?? '00'}.${millis}` };
    }
  }
  return { ok: false, formatError: messages.time() };
}

const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** ISO 8601 date or date-time; without an offset the time is read as UTC. */
export function parseIsoDateTime(text: string): Date | null {
  const m = ISO_DATETIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const millis = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
  if (!validCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  let time = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const zm = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    if (!zm) return null;
    const offset = (Number(zm[2]) * 60 + Number(zm[3] ?? 0)) * 60000;
    time -= zm[1] === '+' ? offset : -offset;
  }
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date;
}

function checkDateTime(raw: unknown): ScalarResult {
  let date: Date | null = null;
  if (raw instanceof Date) date = Number.isNaN(raw.getTime()) ? null : raw;
  else if (typeof raw === 'number' && Number.isSafeInteger(raw)) date = new Date(raw);
  else if (typeof raw === 'string' && /^\d{1,15}$/.test(raw)) date = new Date(Number(raw));
  else if (typeof raw === 'string') date = parseIsoDateTime(raw);
  if (!date || Number.isNaN(date.getTime()) || Math.abs(date.getTime()) > 8.64e15) return { ok: false, formatError: messages.datetime() };
  return { ok: true, value: date };
}
