/**
 * Strapi v4's content-manager API of the admin, as a thin translator over the content
 * operations (../content/content-operations.ts): `/content-manager/collection-types/:uid`
 * (list `{ results, pagination }`, create, `/:id` read, update, delete,
 * `/:id/actions/publish|unpublish`, `/actions/bulkDelete|bulkPublish|bulkUnpublish`),
 * `/content-manager/single-types/:uid`, the schemas (`/content-types`, `/components`) and the
 * relation picker's search (`/relations/:uid/:field`). Bodies are Strapi's: the entry's
 * attributes at the top level (relations as ids or `{ connect, disconnect, set }`).
 * The entries' actions are the engine's content operations, through ../content/content-operations.ts;
 * the picker's search and a single type's id lookup stay entity-service reads: they read ids
 * and a main field only, under Strapi's picker rule, and are no content operation of the type.
 */
import { ForbiddenError, NotFoundError, ValidationError, type PluginContext, type RequestContext, type RouteDefinition } from '@platform/core';
import { restContext, type EntityService, type FindParams } from '@platform/query-engine';
import { adminState } from '../access';
import type { AdminCaller, ContentOperations } from '../content/content-operations';
import { i18nQuery } from '../content/localizations';
import { componentsView, contentTypesView, contentTypeView, editPopulate, mainField } from '../content/schema-view';
import { CONTENT_ACTIONS } from '../permissions/actions';
import { editableContentTypes } from '../permissions/roles-setup';
import { bodyOf, idParam, type AdminRoutes } from './admin-route';

const MAX_BULK = 100;

export function contentManagerRoutes(ctx: PluginContext, routes: AdminRoutes, operations: () => ContentOperations): RouteDefinition[] {
  const typeOf = (koa: RequestContext, kind: 'collectionType' | 'singleType') => {
    const uid = koa.params.uid ?? '';
    const model = editableContentTypes(ctx).find((m) => m.uid === uid);
    if (!model || model.kind !== kind) throw new NotFoundError('Content type not found', {});
    return model;
  };
  /** the administrator of the request, and the request as the engine's operations know it */
  const caller = (koa: RequestContext): AdminCaller => ({ admin: adminState(koa), context: restContext(koa) });
  const populateOf = (uid: string) => ({ populate: editPopulate(ctx, ctx.models.get(uid)) });
  /** the locale asked, as `?locale=` or Strapi's `?plugins[i18n][locale]=` */
  const locale = (koa: RequestContext) => {
    const asked = i18nQuery(koa.query).locale;
    return asked === undefined ? {} : { locale: asked };
  };
  const ids = (koa: RequestContext): number[] => {
    const list = bodyOf(koa).ids;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BULK || !list.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
      throw new ValidationError(`ids must be a list of 1 to ${MAX_BULK} entry ids`, {});
    }
    return [...new Set(list as number[])];
  };
  /** the single type's entry, if there is one (in the locale asked) */
  const singleId = async (koa: RequestContext, uid: string): Promise<number | null> => {
    const [entry] = await ctx.service<EntityService>('plugin::query-engine.entity-service').findMany(uid, { fields: ['id'], publicationState: 'preview', ...locale(koa), pagination: { limit: 1 } });
    return entry ? entry.id : null;
  };

  const collection = '/content-manager/collection-types/:uid';
  const single = '/content-manager/single-types/:uid';
  return [
    routes.signedIn('GET', '/content-manager/content-types', async (koa) => {
      const { ability } = adminState(koa);
      return { data: contentTypesView(ctx).filter((type) => ability.can(CONTENT_ACTIONS.read, type.uid) || ability.can(CONTENT_ACTIONS.create, type.uid)) };
    }),
    routes.signedIn('GET', '/content-manager/components', async () => ({ data: componentsView(ctx) })),
    routes.signedIn('GET', '/content-manager/content-types/:uid', async (koa) => {
      const model = editableContentTypes(ctx).find((m) => m.uid === koa.params.uid);
      if (!model) throw new NotFoundError('Content type not found', {});
      return { data: contentTypeView(ctx, model) };
    }),
    routes.signedIn('GET', collection, async (koa) => {
      const model = typeOf(koa, 'collectionType');
      return operations().find(model.uid, { ...koa.query, ...locale(koa) }, caller(koa));
    }),
    routes.signedIn('POST', collection, async (koa) => {
      const model = typeOf(koa, 'collectionType');
      const entry = await operations().create(model.uid, bodyOf(koa), caller(koa), { ...populateOf(model.uid), ...locale(koa) }, i18nQuery(koa.query).relatedEntityId);
      koa.status = 201;
      return entry;
    }),
    routes.signedIn('POST', `${collection}/actions/bulkDelete`, async (koa) => {
      const model = typeOf(koa, 'collectionType');
      const who = caller(koa);
      const list = ids(koa);
      await ctx.db.transaction(async () => {
        for (const id of list) await operations().delete(model.uid, id, who);
      });
      return { count: list.length };
    }),
    ...(['bulkPublish', 'bulkUnpublish'] as const).map((action) =>
      routes.signedIn('POST', `${collection}/actions/${action}`, async (koa) => {
        const model = typeOf(koa, 'collectionType');
        const who = caller(koa);
        const list = ids(koa);
        await ctx.db.transaction(async () => {
          for (const id of list) await operations().setPublished(model.uid, id, action === 'bulkPublish', who, { fields: ['id'] });
        });
        return { count: list.length };
      }),
    ),
    routes.signedIn('GET', `${collection}/:id`, async (koa) => {
      const model = typeOf(koa, 'collectionType');
      return operations().findOne(model.uid, idParam(koa), caller(koa), populateOf(model.uid));
    }),
    routes.signedIn('PUT', `${collection}/:id`, async (koa) => {
      const model = typeOf(koa, 'collectionType');
      return operations().update(model.uid, idParam(koa), bodyOf(koa), caller(koa), populateOf(model.uid));
    }),
    routes.signedIn('DELETE', `${collection}/:id`, async (koa) => {
      const model = typeOf(koa, 'collectionType');
      return operations().delete(model.uid, idParam(koa), caller(koa));
    }),
    ...(['publish', 'unpublish'] as const).map((action) =>
      routes.signedIn('POST', `${collection}/:id/actions/${action}`, async (koa) => {
        const model = typeOf(koa, 'collectionType');
        return operations().setPublished(model.uid, idParam(koa), action === 'publish', caller(koa), populateOf(model.uid));
      }),
    ),
    routes.signedIn('GET', single, async (koa) => {
      const model = typeOf(koa, 'singleType');
      const id = await singleId(koa, model.uid);
      if (id === null) throw new NotFoundError('Not Found', {});
      return operations().findOne(model.uid, id, caller(koa), populateOf(model.uid));
    }),
    routes.signedIn('PUT', single, async (koa) => {
      const model = typeOf(koa, 'singleType');
      const id = await singleId(koa, model.uid);
      const who = caller(koa);
      if (id === null) return operations().create(model.uid, bodyOf(koa), who, { ...populateOf(model.uid), ...locale(koa) });
      return operations().update(model.uid, id, bodyOf(koa), who, populateOf(model.uid));
    }),
    routes.signedIn('DELETE', single, async (koa) => {
      const model = typeOf(koa, 'singleType');
      const id = await singleId(koa, model.uid);
      if (id === null) throw new NotFoundError('Not Found', {});
      return operations().delete(model.uid, id, caller(koa));
    }),
    ...(['publish', 'unpublish'] as const).map((action) =>
      routes.signedIn('POST', `${single}/actions/${action}`, async (koa) => {
        const model = typeOf(koa, 'singleType');
        const id = await singleId(koa, model.uid);
        if (id === null) throw new NotFoundError('Not Found', {});
        return operations().setPublished(model.uid, id, action === 'publish', caller(koa), populateOf(model.uid));
      }),
    ),
    routes.signedIn('GET', '/content-manager/relations/:uid/:field', async (koa) => {
      const source = editableContentTypes(ctx).find((m) => m.uid === koa.params.uid) ?? ctx.models.components().find((m) => m.uid === koa.params.uid);
      const field = source?.fields.get(koa.params.field ?? '');
      if (!source || !field || field.kind !== 'relation' || !ctx.models.has(field.target)) throw new NotFoundError('Relation not found', {});
      // Strapi's rule: whoever may read or write the source entries may pick any target entry
      const { ability } = adminState(koa);
      if (![CONTENT_ACTIONS.read, CONTENT_ACTIONS.create, CONTENT_ACTIONS.update].some((action) => ability.can(action, source.uid)) && source.kind !== 'component')
        throw new ForbiddenError('Forbidden', {});
      const target = ctx.models.get(field.target);
      const main = mainField(target);
      const page = Math.max(1, Number(koa.query.page) || 1);
      const pageSize = Math.min(100, Math.max(1, Number(koa.query.pageSize) || 20));
      const params: FindParams = {
        fields: ['id', ...(main === 'id' ? [] : [main]), ...(target.fields.has('publishedAt') ? ['publishedAt'] : [])],
        sort: main === 'id' ? 'id:asc' : `${main}:asc`,
        pagination: { page, pageSize, withCount: true },
      };
      if (target.fields.has('publishedAt')) params.publicationState = 'preview';
      if (typeof koa.query._q === 'string' && koa.query._q !== '') params._q = koa.query._q;
      if (typeof koa.query.locale === 'string' && koa.query.locale !== '' && target.fields.has('locale')) params.locale = koa.query.locale;
      return ctx.service<EntityService>('plugin::query-engine.entity-service').findPage(target.uid, params);
    }),
  ];
}
