/**
 * A failed statement's error carries the whole statement with its values inlined (the query
 * builder prefixes the driver's message with it; MariaDB's driver also sets `sql`). A statement
 * built from thousands of values is then hundreds of kilobytes in one log line. The error is
 * shortened in place as it is raised: the start of the statement says which one it was, the
 * end holds the driver's own message, and the middle is left out with its length.
 */
export const MAX_ERROR_TEXT = 1000;
const KEEP_HEAD = 400;
const KEEP_TAIL = 400;

export function shortenText(text: string): string {
  if (text.length <= MAX_ERROR_TEXT) return text;
  const left = text.length - KEEP_HEAD - KEEP_TAIL;
  return `${text.slice(0, KEEP_HEAD)} … [${left} characters left out] … ${text.slice(-KEEP_TAIL)}`;
}

export function shortenQueryError(error: unknown): void {
  if (!(error instanceof Error)) return;
  const original = error.message;
  const short = shortenText(original);
  if (short !== original) {
    error.message = short;
    // The stack is usually formatted on first read (then from the new message); if it was
    // read already, it holds the long message.
    if (typeof error.stack === 'string' && error.stack.includes(original)) error.stack = error.stack.replace(original, short);
  }
  const withSql = error as Error & { sql?: unknown };
  if (typeof withSql.sql === 'string') withSql.sql = shortenText(withSql.sql);
}
