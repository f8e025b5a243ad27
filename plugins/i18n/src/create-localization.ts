/**
 * `POST /api/<plural>/:id/localizations` and `POST /api/<singular>/localizations`: creates a
 * localization of an entry, Strapi v4 style. The body is the flat entry (not wrapped in
 * `data`) with a required `locale`; shared attributes are copied from the source; all
 * localizations are linked together; the answer is the flat entry with its `localizations`.
 */
import { ApplicationError, isPlainObject, NotFoundError, type Model, type PluginContext, type RequestContext } from '@platform/core';
import { isStorableId, parseId, restContext, SYSTEM_KEYS, type ContentApiContext, type Entity } from '@platform/query-engine';
// Types only: the service itself is reached through the context, when draft & publish is enabled.
import type { DraftsService } from '@platform/draft-publish';
import { LOCALE, LOCALIZATIONS } from './extend-schemas';
import type { LocalesService } from './locales-service';
import { linkGroup, localizationGroup } from './localization-links';
import { fillSharedFields, pushSharedFields, sharedNamesIn } from './shared-fields';

/** Keys a client may not set through this endpoint. */
const IGNORED_KEYS = new Set([...SYSTEM_KEYS, LOCALE, LOCALIZATIONS]);

async function findSource(platform: PluginContext, model: Model, idParam: string | undefined): Promise<number | null> {
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

/** The REST route: the source entry's id in the path, the flat entry in the body. */
export async function createLocalization(platform: PluginContext, locales: LocalesService, model: Model, ctx: RequestContext): Promise<Entity> {
  const context = restContext(ctx);
  const id = await createLocalizationOf(platform, locales, model, { sourceId: ctx.params.id, body: ctx.request.body, context });
  // the answer is the new entry as the caller may read it (the route's scope authorized the write)
  const entry = await platform.service('plugin::query-engine.content-api').findOne({
    uid: model.uid,
    context,
    id,
    internal: { includeHidden: true, populate: { [LOCALIZATIONS]: true } },
    authorization: 'transport',
  });
  if (!entry) throw new NotFoundError('Entity not found');
  return entry;
}

export interface LocalizationRequest {
  /** the id of the entry to localize, as the client sent it (ignored for a single type) */
  sourceId: string | undefined;
  /** the new localization's attributes and its `locale` */
  body: unknown;
  context: ContentApiContext;
}

/** Creates the localization (every transport: REST's route, GraphQL's mutation); its id. */
export async function createLocalizationOf(platform: PluginContext, locales: LocalesService, model: Model, request: LocalizationRequest): Promise<number> {
  const entities = platform.service('plugin::query-engine.entity-service');
  // The same sanitizing as the core routes: what the caller may not write or read stays out.
  const contract = platform.service('plugin::query-engine.content-api');
  const sourceId = await findSource(platform, model, request.sourceId);
  if (sourceId === null) throw new NotFoundError('Entity not found');

  const body = isPlainObject(request.body) ? request.body : {};
  const locale = body[LOCALE];
  if (locale === undefined || locale === null || locale === '') throw new ApplicationError('locale is missing');
  if (typeof locale !== 'string' || !(await locales.exists(locale))) throw new ApplicationError('locale is invalid');

  const newId = await platform.db.transaction(async () => {
    const group = await localizationGroup(platform.db.connection, model, sourceId);
    if ((await localesOf(platform, model, group)).includes(locale)) throw new ApplicationError('locale is already used');

    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(contract.sanitizeInput(model, body, request.context))) if (!IGNORED_KEYS.has(key)) data[key] = value;
    // A new localization starts as a draft unless the body says otherwise (with draft & publish).
    if (platform.isEnabled('draft-publish')) platform.service<DraftsService>('plugin::draft-publish.drafts').startAsDraft(model, data);
    const source = await entities.findOne(model.uid, sourceId, { includeHidden: true });
    const sent = sharedNamesIn(model, data);
    if (source) fillSharedFields(model, data, source);
    data[LOCALE] = locale;

    const created = await entities.create(model.uid, { data, locale });
    await linkGroup(platform.db.connection, model, [...group, created.id]);
    // What the body sent for a shared attribute becomes the value of the whole group.
    await pushSharedFields(platform.db.connection, platform.db.client, model, created.id, group, sent);
    return created.id;
  });
  return newId;
}
