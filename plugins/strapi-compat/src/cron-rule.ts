/**
 * node-schedule's rule objects, which Strapi v4's cron takes besides cron patterns: a recurrence
 * object (`{ hour: 8, minute: 30, dayOfWeek: [1, 2, 3, 4, 5] }`, or a `RecurrenceRule` built
 * from node-schedule) is written as the six-field cron pattern croner reads, with
 * node-schedule's meanings kept: an unset second is 0, an unset field is any value, months
 * count from 0 (January) and weekdays from 0 (Sunday), a `Range` is `{ start, end, step }`, and
 * a day of the month together with a weekday must both match.
 */
import { isPlainObject } from '@platform/core';

export interface CronPattern {
  pattern: string;
  /** both the day of the month and the weekday are given: an occurrence needs both (croner's `domAndDow`) */
  domAndDow: boolean;
  tz?: string;
}

/** Fields in the pattern's order, with their bounds and what node-schedule counts from. */
const FIELDS = [
  { key: 'second', min: 0, max: 59, shift: 0 },
  { key: 'minute', min: 0, max: 59, shift: 0 },
  { key: 'hour', min: 0, max: 23, shift: 0 },
  { key: 'date', min: 1, max: 31, shift: 0 },
  // node-schedule's months are 0 (January) to 11; cron's are 1 to 12
  { key: 'month', min: 0, max: 11, shift: 1 },
  { key: 'dayOfWeek', min: 0, max: 7, shift: 0 },
] as const;

const KNOWN = new Set<string>([...FIELDS.map((field) => field.key), 'year', 'tz']);

/** Whether `value` is a rule object rather than a pattern, a date or the `{ rule, tz, start, end }` options. */
export function isRecurrenceObject(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) || (typeof value === 'object' && value !== null && value.constructor?.name === 'RecurrenceRule');
}

function integer(value: unknown, field: (typeof FIELDS)[number], fail: (message: string) => never): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < field.min || value > field.max) {
    fail(`"${field.key}" must be a whole number from ${field.min} to ${field.max}, or a list or range of them`);
  }
  return value + field.shift;
}

function part(value: unknown, field: (typeof FIELDS)[number], fail: (message: string) => never): string {
  if (typeof value === 'object' && value !== null && 'start' in value && 'end' in value) {
    const range = value as { start: unknown; end: unknown; step?: unknown };
    const from = integer(range.start, field, fail);
    const to = integer(range.end, field, fail);
    if (to < from) fail(`the range of "${field.key}" ends before it starts`);
    const step = range.step ?? 1;
    if (typeof step !== 'number' || !Number.isInteger(step) || step < 1) fail(`the step of the range of "${field.key}" must be a whole number of 1 or more`);
    return step === 1 ? `${from}-${to}` : `${from}-${to}/${step}`;
  }
  return String(integer(value, field, fail));
}

/**
 * The cron pattern of a node-schedule rule object; `fail` is called with what is wrong (a field
 * out of range, a `year`, which cron patterns cannot say, or a key node-schedule does not know).
 */
export function recurrenceToCron(rule: Record<string, unknown>, fail: (message: string) => never): CronPattern {
  for (const key of Object.keys(rule)) {
    if (!KNOWN.has(key)) fail(`"${key}" is not a field of a rule (second, minute, hour, date, month, dayOfWeek)`);
  }
  if (rule.year !== undefined && rule.year !== null) fail('"year" cannot be written as a cron pattern; use the task\'s options.start and options.end');
  const fields = FIELDS.map((field) => {
    const value = rule[field.key];
    if (value === undefined || value === null) return field.key === 'second' ? '0' : '*';
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) fail(`"${field.key}" is an empty list`);
    return values.map((item) => part(item, field, fail)).join(',');
  });
  const tz = rule.tz;
  if (tz !== undefined && typeof tz !== 'string') fail('"tz" must be a time zone name such as "Europe/Paris"');
  return { pattern: fields.join(' '), domAndDow: fields[3] !== '*' && fields[5] !== '*', ...(tz ? { tz } : {}) };
}
