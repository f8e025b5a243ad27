/**
 * The slug of a uid attribute, by the rules of `@sindresorhus/slugify` that Strapi v4's admin
 * generates uids with, so a database moved from Strapi gets the slugs its editors know:
 * letters transliterated (`ß` → `ss`, `ä` → `ae`, `ø` → `o`), other diacritics stripped,
 * `&` read as `and`, camelCase split (`fooBar` → `foo-bar`), lower case, every other run of
 * characters one separator, none at either end. A uid attribute's `options` may set
 * `separator`, `lowercase` and `decamelize`, as in Strapi. Scripts other than Latin are not
 * transliterated: their letters drop out.
 */

export interface SlugifyOptions {
  separator?: string;
  lowercase?: boolean;
  decamelize?: boolean;
}

/** `@sindresorhus/transliterate`'s replacements for Latin letters that do not decompose */
const REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['&', ' and '],
  ['♥', ' love '],
  ['🦄', ' unicorn '],
  ['ä', 'ae'],
  ['Ä', 'Ae'],
  ['ö', 'oe'],
  ['Ö', 'Oe'],
  ['ü', 'ue'],
  ['Ü', 'Ue'],
  ['ß', 'ss'],
  ['ẞ', 'SS'],
  ['æ', 'ae'],
  ['Æ', 'AE'],
  ['œ', 'oe'],
  ['Œ', 'OE'],
  ['ø', 'o'],
  ['Ø', 'O'],
  ['đ', 'd'],
  ['Đ', 'D'],
  ['ð', 'd'],
  ['Ð', 'D'],
  ['þ', 'th'],
  ['Þ', 'TH'],
  ['ł', 'l'],
  ['Ł', 'L'],
  ['ı', 'i'],
  ['ħ', 'h'],
  ['Ħ', 'H'],
];

function transliterate(text: string): string {
  let out = text.normalize();
  for (const [from, to] of REPLACEMENTS) out = out.split(from).join(to);
  return out
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .normalize();
}

/** `fooBar` → `foo Bar`, `HTMLParser` → `HTML Parser`, `ABC123` → `ABC 123` */
function decamelize(text: string): string {
  return text
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
}

const escapeRegExp = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d');

export function slugify(text: string, options: SlugifyOptions = {}): string {
  const separator = options.separator ?? '-';
  const lowercase = options.lowercase ?? true;
  let out = transliterate(text);
  if (options.decamelize ?? true) out = decamelize(out);
  if (lowercase) out = out.toLowerCase();
  out = out.replace(lowercase ? /[^a-z\d]+/g : /[^a-zA-Z\d]+/g, separator).replace(/\\/g, '');
  if (separator !== '') {
    const sep = escapeRegExp(separator);
    out = out.replace(new RegExp(`(?:${sep}){2,}`, 'g'), separator).replace(new RegExp(`^(?:${sep})|(?:${sep})$`, 'g'), '');
  }
  return out;
}
