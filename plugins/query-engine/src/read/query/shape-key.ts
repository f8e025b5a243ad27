/**
 * A text that names a value exactly, for keys of compiled statements: two values get the same
 * text only if they are equal plain data (objects, arrays, strings, finite numbers, booleans,
 * null). Anything else (a Date, a Buffer, a class instance, undefined, -0, NaN, a bigint) has no
 * key (null): a statement built from it is not cached, since its SQL or bindings may depend on
 * more than what a text of it says.
 */
export function shapeKey(value: unknown): string | null {
  const parts: string[] = [];
  return write(value, parts, 0) ? parts.join('') : null;
}

/** Deeper than any query a client can send (qs stops at 5 levels); past it, no key. */
const MAX_DEPTH = 32;

function write(value: unknown, out: string[], depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value));
      return true;
    case 'number':
      if (!Number.isFinite(value) || Object.is(value, -0)) return false;
      out.push(String(value));
      return true;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return true;
    case 'object':
      if (value === null) {
        out.push('null');
        return true;
      }
      if (Array.isArray(value)) {
        out.push('[');
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out.push(',');
          if (!(i in value) || !write(value[i], out, depth + 1)) return false;
        }
        out.push(']');
        return true;
      }
      if (!isPlainRecord(value)) return false;
      out.push('{');
      {
        let first = true;
        for (const key of Object.keys(value)) {
          if (!first) out.push(',');
          first = false;
          out.push(JSON.stringify(key), ':');
          if (!write((value as Record<string, unknown>)[key], out, depth + 1)) return false;
        }
      }
      out.push('}');
      return true;
    default:
      return false;
  }
}

/** An object literal or `Object.create(null)` (what qs gives), nothing with a class or symbols. */
function isPlainRecord(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}
