/**
 * Localizations in the content manager, as Strapi v4's admin creates them: `POST
 * /content-manager/collection-types/:uid?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=3`
 * makes the new entry a localization of entry 3 and of all its localizations, through i18n's
 * own service (`plugin::i18n.localizations`, the code path of the Content API's
 * `POST /api/<plural>/:id/localizations`), with the refusals worded as Strapi's content manager
 * words them. Later 4.x admins send the same parameters flat (`?locale=fr&relatedEntityId=3`):
 * both are read.
 */
import { ApplicationError, isPlainObject, type Model, type PluginContext } from '@platform/core';

/** The parts of `plugin::i18n.localizations` used here. */
interface Localizations {
  create(model: Model, request: { sourceId: unknown; locale: unknown; data: Record<string, unknown>; refuse?: (reason: string) => Error }): Promise<number>;
}

/** The parts of `plugin::i18n.locales` used here. */
interface Locales {
  getDefaultLocale(): string;
}

export interface I18nQuery {
  locale?: string;
  relatedEntityId?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The i18n parameters of a content-manager request, in either of Strapi v4's forms. */
export function i18nQuery(query: Record<string, unknown>): I18nQuery {
  const plugins = isPlainObject(query.plugins) ? query.plugins : {};
  const nested = isPlainObject(plugins.i18n) ? plugins.i18n : {};
  const out: I18nQuery = {};
  const locale = text(nested.locale) ?? text(query.locale);
  const related = text(nested.relatedEntityId) ?? text(query.relatedEntityId);
  if (locale !== undefined) out.locale = locale;
  if (related !== undefined) out.relatedEntityId = related;
  return out;
}

/** The locale a new entry of a localized type gets: the one it names, the one asked, or the default. */
export function newEntryLocale(ctx: PluginContext, data: Record<string, unknown>, asked: unknown): string {
  return text(data.locale) ?? text(asked) ?? ctx.service<Locales>('plugin::i18n.locales').getDefaultLocale();
}

export function isLocalized(model: Model): boolean {
  return (model.pluginOptions as { i18n?: { localized?: boolean } }).i18n?.localized === true && model.fields.has('localizations');
}

/** Creates `data` (what the administrator may write) as the `locale` localization of entry `relatedEntityId`; its id. */
export async function createLocalizationEntry(ctx: PluginContext, model: Model, relatedEntityId: string, locale: string | undefined, data: Record<string, unknown>): Promise<number> {
  return ctx.service<Localizations>('plugin::i18n.localizations').create(model, {
    sourceId: relatedEntityId,
    locale,
    data,
    refuse: (reason) =>
      new ApplicationError(reason === 'locale-missing' || reason === 'locale-invalid' ? "This locale doesn't exist" : "The related entity doesn't exist or the entity already exists in this locale"),
  });
}
