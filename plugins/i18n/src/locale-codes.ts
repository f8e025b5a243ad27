/**
 * Locale codes (`en`, `fr`, `pt-BR`, `zh-Hans`) and the display names Strapi v4 gives them
 * (`French (fr)`), and the plugin configuration that lists them.
 */
import { errors } from './errors';

const CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function isLocaleCode(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 35 && CODE.test(value);
}

/** made at its first use: loading the names costs every start-up tens of milliseconds otherwise */
let names: Intl.DisplayNames | null = null;
function displayNames(): Intl.DisplayNames {
  names ??= new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
  return names;
}

/** `English (en)`, `French (fr)`, `Portuguese (Brazil) (pt-BR)`; the code alone when unknown. */
export function localeDisplayName(code: string): string {
  let name: string | undefined;
  try {
    name = displayNames().of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}

export interface I18nConfig {
  defaultLocale?: string;
  locales?: string[];
  [key: string]: unknown;
}

export const DEFAULT_LOCALE_CODE = 'en';

/**
 * Checks `config/plugins.ts` `i18n.config` at boot; a bad value names the key (the kernel adds
 * the file and `i18n.config`). A default locale missing from a given `locales` list and a code
 * listed twice are mistakes too: the first would silently add a locale the list leaves out, the
 * second hides a typo of another code.
 */
export function validateI18nConfig(config: I18nConfig): void {
  if (config.defaultLocale !== undefined && !isLocaleCode(config.defaultLocale)) {
    throw errors.boot('CONFIG_INVALID', `"defaultLocale" must be a locale code such as "en" (got ${JSON.stringify(config.defaultLocale)})`);
  }
  if (config.locales === undefined) return;
  if (!Array.isArray(config.locales)) throw errors.boot('CONFIG_INVALID', '"locales" must be an array of locale codes');
  const seen = new Map<string, number>();
  config.locales.forEach((code: unknown, index) => {
    if (!isLocaleCode(code)) {
      throw errors.boot('CONFIG_INVALID', `"locales[${index}]" must be a locale code such as "fr" (got ${JSON.stringify(code)})`);
    }
    // Codes differ by case only in their region part (`pt-BR`, `pt-br`): the same locale.
    const first = seen.get(code.toLowerCase());
    if (first !== undefined) throw errors.boot('CONFIG_INVALID', `"locales[${index}]" repeats "locales[${first}]" (${JSON.stringify(code)})`);
    seen.set(code.toLowerCase(), index);
  });
  if (config.defaultLocale !== undefined && !config.locales.includes(config.defaultLocale)) {
    throw errors.boot('CONFIG_INVALID', `"defaultLocale" ${JSON.stringify(config.defaultLocale)} is not among "locales" (${config.locales.join(', ')})`);
  }
}

/** A code that names a language (`fr`, `pt-BR`), not merely one shaped like it (`zz`). */
export function isKnownLocaleCode(value: unknown): value is string {
  if (!isLocaleCode(value)) return false;
  try {
    return displayNames().of(value) !== value;
  } catch {
    return false;
  }
}
