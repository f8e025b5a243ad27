/**
 * Epoch milliseconds as `Date#toISOString()` text, without a Date. A page's rows carry their
 * timestamps from a handful of days: the `YYYY-MM-DDT` part is kept per day, and the time of
 * day is plain arithmetic. `toISOString` is about seven times the cost (1.35 µs against 0.19 µs
 * per value in a loop), and a page of 25 articles formats 75 of them, more with `populate`.
 */
const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00.000Z: from there on (and before 1970) the text has another shape */
const YEAR_10000_MS = 253_402_300_800_000;
/** how many days' text is kept: the days of the rows in view; cleared when it is full */
const MAX_DAYS = 512;

const dayPrefixes = new Map<number, string>();

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

function dayPrefix(day: number): string {
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size >= MAX_DAYS) dayPrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  return prefix;
}

/** `new Date(millis).toISOString()`; null when no Date has that time (NaN, out of range). */
export function isoText(millis: number): string | null {
  if (!Number.isInteger(millis) || millis < 0 || millis >= YEAR_10000_MS) {
    const date = new Date(millis);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  const day = Math.floor(millis / DAY_MS);
  let rest = millis - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${dayPrefix(day)}${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
