/**
 * Names of uploaded files. The name a client sends is kept as data only (`files.name`): the
 * stored object is named by its hash (`<slug>_<10 hex digits>`) and an extension of safe
 * characters, so no name (path separators, `..`, NUL, control characters) can reach outside
 * the upload folder.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mime from 'mime-types';

/** The longest name, alternative text or caption (the columns are varchar(255)). */
export const MAX_TEXT = 255;
const MAX_SLUG = 100;
const SAFE_EXT = /^\.[A-Za-z0-9]{1,16}$/;
// eslint-disable-next-line no-control-regex
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The name as data: Unicode NFC (as Strapi stores it), without control characters. */
export function cleanName(raw: string): string {
  return raw.normalize().replace(CONTROL, '');
}

/** The last segment of a name, whatever the separator the client's system uses. */
function lastSegment(name: string): string {
  return name.split(/[\\/]/).pop() ?? '';
}

/**
 * The extension of the name when it is made of safe characters and fits the type (the stored
 * object is served with the type its extension names: `page.html` sent as `text/plain` is
 * stored as `.txt`), else the type's usual one.
 */
export function fileExtension(name: string, mimeType: string): string {
  const ext = path.extname(lastSegment(name));
  const safe = SAFE_EXT.test(ext);
  const known = mime.extensions[mimeType];
  if (safe && (!known || known.includes(ext.slice(1).toLowerCase()))) return ext;
  const fromMime = mime.extension(mimeType);
  return fromMime ? `.${fromMime}` : safe ? ext : '';
}

/** Strapi v4's `nameToSlug(name, { separator: '_', lowercase: false })`, for ASCII output. */
export function slugOf(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/_+$/, '');
}

/** A new stored name for a file called `name`: `<slug>_<random>` (`smoke_cover_501dfbd374`). */
export function newHash(name: string, ext: string): string {
  const base = lastSegment(name);
  const stem = ext && base.toLowerCase().endsWith(ext.toLowerCase()) ? base.slice(0, base.length - ext.length) : base;
  return `${slugOf(stem) || 'file'}_${randomBytes(5).toString('hex')}`;
}

/**
 * The mime type of an uploaded part: what the client declared, else the extension's, else a
 * byte stream. A part without a Content-Type reaches us as `text/plain` (the multipart default,
 * RFC 7578, which the reader reports as if declared); when the name says it is no text (a
 * `.png`), the name wins, as it did when such a part came without a type.
 */
export function mimeOf(declared: string | null | undefined, name: string): string {
  const [type = ''] = (declared ?? '').split(';'); // `text/plain; charset=utf-8` -> `text/plain`
  const value = type.trim().toLowerCase();
  const byName = mime.lookup(lastSegment(name));
  const defaulted = value === 'text/plain' && byName !== false && !byName.startsWith('text/');
  if (value && value !== 'application/octet-stream' && !defaulted) return value;
  return byName || 'application/octet-stream';
}

/** Strapi v4's `bytesToKbytes`: KB with two decimals. */
export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1000) * 100) / 100;
}
