/**
 * `plugin::i18n.locales`: lists and creates locales and knows the default one. The codes and
 * the default are cached (the query engine's scope hook is synchronous) and refreshed from
 * the database on a miss, so a locale created by another process is still found.
 */
import { ApplicationError, type PluginContext } from '@platform/core';
import { DEFAULT_LOCALE_CODE, isLocaleCode, localeDisplayName, type I18nConfig } from './locale-codes';
import { insertLocale, readDefaultLocale, selectLocales, toIsoString, writeDefaultLocale } from './storage';

export interface Locale {
  id: number;
  name: string;
  code: string;
  createdAt: string | null;
  updatedAt: string | null;
  isDefault: boolean;
}

export interface LocalesService {
  /** every locale, by id, in the `GET /api/i18n/locales` shape */
  list(): Promise<Locale[]>;
  /** creates a locale (name defaults to `French (fr)`); 400 if the code is bad or taken */
  create(input: { code: string; name?: string; isDefault?: boolean }): Promise<Locale>;
  exists(code: string): Promise<boolean>;
  /** the locale with that code, or null (Strapi's `findByCode`, which projects' bootstrap code calls) */
  findByCode(code: string): Promise<Locale | null>;
  /** the default locale code, from the cache filled at bootstrap */
  getDefaultLocale(): string;
  setDefaultLocale(code: string): Promise<void>;
  /** bootstrap: default locale and configured locales, idempotently */
  initialize(config: I18nConfig): Promise<void>;
}

export function createLocalesService(platform: PluginContext): LocalesService {
  const codes = new Set<string>();
  let defaultCode = DEFAULT_LOCALE_CODE;
  const db = () => platform.db.connection;

  const refresh = async () => {
    const rows = await selectLocales(db());
    codes.clear();
    for (const row of rows) if (row.code) codes.add(row.code);
    return rows;
  };

  const service: LocalesService = {
    async list() {
      const rows = await refresh();
      return rows.map((row) => ({
        id: Number(row.id),
        name: row.name ?? '',
        code: row.code ?? '',
        createdAt: toIsoString(row.created_at),
        updatedAt: toIsoString(row.updated_at),
        isDefault: row.code === defaultCode,
      }));
    },

    async create({ code, name, isDefault }) {
      if (!isLocaleCode(code)) throw new ApplicationError('This locale code is invalid');
      await platform.db.transaction(async () => {
        await refresh();
        if (codes.has(code)) throw new ApplicationError('This locale already exists');
        await insertLocale(db(), name ?? localeDisplayName(code), code, new Date());
        codes.add(code);
        if (isDefault) await service.setDefaultLocale(code);
      });
      const created = (await service.list()).find((l) => l.code === code);
      if (!created) throw new ApplicationError('This locale could not be created');
      return created;
    },

    async exists(code) {
      if (codes.has(code)) return true;
      await refresh();
      return codes.has(code);
    },

    async findByCode(code) {
      return (await service.list()).find((locale) => locale.code === code) ?? null;
    },

    getDefaultLocale: () => defaultCode,

    async setDefaultLocale(code) {
      if (!(await service.exists(code))) throw new ApplicationError("This locale doesn't exist");
      await writeDefaultLocale(db(), code);
      defaultCode = code;
    },

    async initialize(config) {
      await platform.db.transaction(async () => {
        await refresh();
        const stored = await readDefaultLocale(db());
        const wanted = config.defaultLocale ?? stored ?? DEFAULT_LOCALE_CODE;
        for (const code of [wanted, ...(config.locales ?? [])]) {
          if (codes.has(code)) continue;
          await insertLocale(db(), localeDisplayName(code), code, new Date());
          codes.add(code);
        }
        if (stored !== wanted) await writeDefaultLocale(db(), wanted);
        defaultCode = wanted;
      });
    },
  };
  return service;
}
