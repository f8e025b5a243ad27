/**
 * `POST /api/<plural>/:id/localizations` and `POST /api/<singular>/localizations`: creates a
 * localization of an entry, Strapi v4 style. The body is the flat entry (not wrapped in
 * `data`) with a required `locale`; shared attributes are copied from the source; all
 * localizations are linked together; the answer is the flat entry with its `localizations`.
 */
import { isPlainObject, NotFoundError, type Model, type PluginContext, type RequestContext } from '@platform/core';
import { restContext, SYSTEM_KEYS, type ContentApiContext, type Entity } from '@platform/query-engine';
// Types only: the service itself is reached through the context, when draft & publish is enabled.
import type { DraftsService } from '@platform/draft-publish';
import { LOCALE, LOCALIZATIONS } from './extend-schemas';

/** The REST route: the source entry's id in the path, the flat entry in the body. */
export async function createLocalization(platform: PluginContext, model: Model, ctx: RequestContext): Promise<Entity> {
  const context = restContext(ctx);
  const id = await createLocalizationOf(platform, model, { sourceId: ctx.params.id, body: ctx.request.body, context });
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

/**
 * Creates the localization for a Content API caller (REST's route, GraphQL's mutation): what the
 * caller may write of the body, a draft with draft & publish unless the body says otherwise; its id.
 */
export async function createLocalizationOf(platform: PluginContext, model: Model, request: LocalizationRequest): Promise<number> {
  // The same sanitizing as the core routes: what the caller may not write or read stays out.
  const contract = platform.service('plugin::query-engine.content-api');
  const body = isPlainObject(request.body) ? request.body : {};
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(contract.sanitizeInput(model, body, request.context))) if (!SYSTEM_KEYS.has(key)) data[key] = value;
  // A new localization starts as a draft unless the body says otherwise (with draft & publish).
  if (platform.isEnabled('draft-publish')) platform.service<DraftsService>('plugin::draft-publish.drafts').startAsDraft(model, data);
  return platform.service('plugin::i18n.localizations').create(model, { sourceId: request.sourceId, locale: body[LOCALE], data });
}
