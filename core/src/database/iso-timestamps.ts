/**
 * PostgreSQL `timestamptz` values as ISO text (`2026-11-27T13:06:31.945Z`) straight from the
 * wire text, for readers that only format them: pg otherwise parses each into a Date (a regex
 * parser) and the reader formats it back with `toISOString`, about 1.5 µs a value, which a page
 * of 25 with its relations pays a few hundred times. Only UTC text (`+00`, what a session in
 * UTC prints) is rewritten, truncated to milliseconds as a Date would be; any other text (an
 * offset, `infinity`, BC dates, years before 1000) gets pg's own Date.
 */
const UTC_TEXT = /^([1-9]\d{3}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/** pg's OID of `timestamp with time zone` */
export const TIMESTAMPTZ_OID = 1184;

export function isoOfTimestamptz(text: string, fallback: (text: string) => unknown): unknown {
  const match = UTC_TEXT.exec(text);
  if (!match) return fallback(text);
  const fraction = match[3] === undefined ? '000' : `${match[3]}00`.slice(0, 3);
  return `${match[1]}T${match[2]}.${fraction}Z`;
}
