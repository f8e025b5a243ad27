/**
 * `plugin::i18n.localizations`: a new localization of an entry, linked to the entry and to
 * every localization it already has (`<table>_localizations_links`), its shared attributes
 * taken from the group (or pushed to it when the new entry sends them). One code path for
 * every transport: the Content API's `POST /api/<plural>/:id/localizations`, GraphQL's
 * `create<Type>Localization` and the admin's content manager
 * (`?plugins[i18n][relatedEntityId]=`), each of which sanitizes the attributes its caller may
 * write before handing them here, and words a refusal as its own API does.
 */
import { ApplicationError, NotFoundError, type Model, type PluginContext } from '@platform/core';
import { isStorableId, parseId } from '@platform/query-engine';
import { LOCALE, LOCALIZATIONS } from './extend-schemas';
import { linkGroup, localizationGroup } from './localization-links';
import { fillSharedFields, pushSharedFields, sharedNamesIn } from './shared-fields';

/** Why a localization is not created. */
export type LocalizationRefusal = 'source-missing' | 'locale-missing' | 'locale-invalid' | 'locale-used';

/** The Content API's words (Strapi v4's localizations endpoint). */
const CONTENT_API_REFUSALS: Record<LocalizationRefusal, () => Error> = {
  'source-missing': () => new NotFoundError('Entity not found'),
  'locale-missing': () => new ApplicationError('locale is missing'),
  'locale-invalid': () => new ApplicationError('locale is invalid'),
  'locale-used': () => new ApplicationError('locale is already used'),
};

export interface NewLocalization {
  /** the id of the entry to localize, as the client sent it (ignored for a single type: its entry) */
  sourceId: unknown;
  /** the new localization's locale code */
  locale: unknown;
  /** its attributes, already narrowed to what the caller may write (`locale` and `localizations` are ignored) */
  data: Record<string, unknown>;
  /** the error a refusal answers (default: the Content API's) */
  refuse?: (reason: LocalizationRefusal) => Error;
}

export interface LocalizationsService {
  /**
   * Creates the localization in one transaction (the caller's, when it runs in one) and links
   * it to the source's whole group; its id.
   */
  create(model: Model, request: NewLocalization): Promise<number>;
}

async function findSource(platform: PluginContext, model: Model, idParam: unknown): Promise<number | null> {
  if (model.kind === 'singleType') {
    const row: { id: unknown } | undefined = await platform.db.connection(model.tableName).orderBy('id', 'asc').first('id');
    return row ? Number(row.id) : null;
  }
  // An id past the id column names no entry (PostgreSQL would refuse the comparison).
  const id = parseId(idParam);
  if (id === null || !isStorableId(id)) return null;
  const row: { id: unknown } | undefined = await platform.db.connection(model.tableName).where('id', id).first('id');
  return row ? Number(row.id) : null;
}

async function localesOf(platform: PluginContext, model: Model, ids: number[]): Promise<string[]> {
  const rows: Array<{ locale: unknown }> = await platform.db.connection(model.tableName).whereIn('id', ids).select('locale');
  return rows.map((r) => String(r.locale));
}

export function createLocalizationsService(platform: PluginContext): LocalizationsService {
  return {
    async create(model, request) {
      const refuse = request.refuse ?? ((reason: LocalizationRefusal) => CONTENT_API_REFUSALS[reason]());
      const sourceId = await findSource(platform, model, request.sourceId);
      if (sourceId === null) throw refuse('source-missing');
      const { locale } = request;
      if (locale === undefined || locale === null || locale === '') throw refuse('locale-missing');
      if (typeof locale !== 'string' || !(await platform.service('plugin::i18n.locales').exists(locale))) throw refuse('locale-invalid');

      const entities = platform.service('plugin::query-engine.entity-service');
      return platform.db.transaction(async () => {
        const group = await localizationGroup(platform.db.connection, model, sourceId);
        if ((await localesOf(platform, model, group)).includes(locale)) throw refuse('locale-used');

        const data: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(request.data)) if (key !== LOCALE && key !== LOCALIZATIONS) data[key] = value;
        const source = await entities.findOne(model.uid, sourceId, { includeHidden: true });
        const sent = sharedNamesIn(model, data);
        if (source) fillSharedFields(model, data, source);
        data[LOCALE] = locale;

        const created = await entities.create(model.uid, { data, locale });
        await linkGroup(platform.db.connection, model, [...group, created.id]);
        // What the new localization sent for a shared attribute becomes the value of the whole group.
        await pushSharedFields(platform.db.connection, platform.db.client, model, created.id, group, sent);
        return created.id;
      });
    },
  };
}
