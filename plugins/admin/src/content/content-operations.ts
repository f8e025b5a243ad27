/**
 * The content operations the admin's content manager runs, as one seam: find, findOne, create,
 * update, delete, publish and unpublish of an entry for an administrator. They stand where the
 * engine's shared content operations (`contentApi.find/findOne/create/...`) will stand, taking
 * the model uid, the client's parameters and who calls, so that the admin stays one more thin
 * translator of shapes: today they run the protocol on the entity service directly
 * (authorize with the administrator's ability, pick the parameters, run, sanitize the answer).
 *
 * What the administrator's permissions add to the Content API's protocol:
 *   - an Author (`admin::is-creator`) lists only its own entries: a `scope` condition on the
 *     creator column, in SQL, so pagination and counts stay right on any number of entries;
 *   - every read, write, publish and delete of one entry checks the entry's creator first;
 *   - `properties.fields` limits what is read and written; `createdBy`/`updatedBy` are written
 *     from the administrator, in the same transaction as the entry.
 */
import { ForbiddenError, NotFoundError, type Model, type PluginContext } from '@platform/core';
import type { Entity, EntityService, FindParams, ScopeContext } from '@platform/query-engine';
import type { AdminState } from '../access';
import { CONTENT_ACTIONS, type ContentAction } from '../permissions/actions';
import { creatorsOf, entryFacts, sameRoleCreators } from './entry-facts';
import { createLocalizationEntry, isLocalized, newEntryLocale } from './localizations';

/** The internal parameter carrying an administrator's list scope to the `scope` tap (never from a client). */
export const ADMIN_SCOPE = Symbol.for('platform.admin.scope');

interface ScopedParams extends FindParams {
  [ADMIN_SCOPE]?: { uid: string; creators: number[] };
}

export interface AdminQuery {
  page?: unknown;
  pageSize?: unknown;
  sort?: unknown;
  filters?: unknown;
  _q?: unknown;
  locale?: unknown;
}

const MAX_PAGE_SIZE = 100;

function pageNumber(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

function forbidden(): ForbiddenError {
  return new ForbiddenError('Forbidden', {});
}

export function createContentOperations(ctx: PluginContext) {
  const entities = () => ctx.service<EntityService>('plugin::query-engine.entity-service');
  const model = (uid: string) => ctx.models.get(uid);

  /** The `scope` tap: a list for an administrator limited to some creators. */
  const applyScope = (scope: ScopeContext) => {
    const limit = (scope.params as ScopedParams)[ADMIN_SCOPE];
    if (!limit || scope.model.uid !== limit.uid || scope.level === 'populate') return;
    scope.filters.push({ createdBy: { $in: limit.creators.length > 0 ? limit.creators : [0] } });
  };

  const allow = (admin: AdminState, action: ContentAction, uid: string) => {
    if (!admin.ability.can(CONTENT_ACTIONS[action], uid)) throw forbidden();
  };

  /** Checks the entry's conditions for `action`; 404 when there is no such entry. */
  const allowEntry = async (admin: AdminState, action: ContentAction, target: Model, id: number) => {
    const facts = await entryFacts(ctx, target, id, admin.ability.rules(CONTENT_ACTIONS[action], target.uid));
    if (!facts) throw new NotFoundError('Not Found', {});
    if (!admin.ability.allowsEntry(CONTENT_ACTIONS[action], target.uid, facts)) throw forbidden();
  };

  /** The attributes of `data` the administrator may write (the others are dropped, as Strapi's sanitizer does). */
  const writable = (admin: AdminState, action: ContentAction, target: Model, data: Record<string, unknown>) => {
    const allowed = admin.ability.fields(CONTENT_ACTIONS[action], target.uid);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      if (['id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy'].includes(key)) continue;
      // an existing entry's localizations are i18n's to keep; a new one may name those it joins
      if (key === 'localizations' && action !== 'create') continue;
      if (key !== 'locale' && key !== 'localizations' && !target.fields.has(key)) continue;
      if (allowed && key !== 'locale' && key !== 'localizations' && !allowed.has(key)) continue;
      out[key] = value;
    }
    return out;
  };

  /** What the administrator may read of an entry, and of its localizations (entries of the same type). */
  const readable = (admin: AdminState, target: Model, entry: Entity): Entity => {
    const allowed = admin.ability.fields(CONTENT_ACTIONS.read, target.uid);
    if (!allowed) return entry;
    const narrow = (one: Entity): Entity => {
      const out: Entity = { id: one.id };
      for (const [key, value] of Object.entries(one)) {
        if (!target.fields.has(key) || allowed.has(key) || ['createdAt', 'updatedAt', 'publishedAt', 'locale'].includes(key)) out[key] = value;
      }
      return out;
    };
    const out = narrow(entry);
    if (Array.isArray(entry.localizations)) out.localizations = (entry.localizations as Entity[]).map(narrow);
    return out;
  };

  const stampCreators = async (target: Model, id: number, adminId: number, created: boolean) => {
    if (!target.hasCreatorColumns) return;
    await ctx.db
      .connection(target.tableName)
      .where('id', id)
      .update(created ? { created_by_id: adminId, updated_by_id: adminId } : { updated_by_id: adminId });
  };

  const hasDrafts = (target: Model) => target.options.draftAndPublish === true && target.fields.has('publishedAt');

  return {
    applyScope,
    async find(uid: string, query: AdminQuery, admin: AdminState, extra: FindParams = {}) {
      allow(admin, 'read', uid);
      const target = model(uid);
      const page = pageNumber(query.page, 1);
      const pageSize = pageNumber(query.pageSize, 10, MAX_PAGE_SIZE);
      const params: ScopedParams = { ...extra, pagination: { page, pageSize, withCount: true }, publicationState: hasDrafts(target) ? 'preview' : undefined };
      if (query.sort !== undefined) params.sort = query.sort as FindParams['sort'];
      if (query.filters !== undefined) params.filters = query.filters as FindParams['filters'];
      if (typeof query._q === 'string' && query._q !== '') params._q = query._q;
      if (typeof query.locale === 'string' && query.locale !== '') params.locale = query.locale;
      const scope = admin.ability.listScope(CONTENT_ACTIONS.read, uid);
      if (scope === 'own') params[ADMIN_SCOPE] = { uid, creators: [admin.user.id] };
      else if (scope === 'same-role') params[ADMIN_SCOPE] = { uid, creators: await sameRoleCreators(ctx, admin.user.roleIds) };
      for (const key of Object.keys(params)) if (params[key] === undefined) delete params[key];
      const { results, pagination } = await entities().findPage(uid, params);
      return { results: results.map((entry) => readable(admin, target, entry)), pagination };
    },
    async findOne(uid: string, id: number, admin: AdminState, params: FindParams = {}) {
      allow(admin, 'read', uid);
      const target = model(uid);
      await allowEntry(admin, 'read', target, id);
      const entry = await entities().findOne(uid, id, { ...params, publicationState: hasDrafts(target) ? 'preview' : undefined, includeHidden: true });
      if (!entry) throw new NotFoundError('Not Found', {});
      return { ...readable(admin, target, entry), ...(await creatorsOf(ctx, target, id)) };
    },
    /** `relatedEntityId`: the new entry is a localization of that entry (Strapi's `plugins[i18n][relatedEntityId]`). */
    async create(uid: string, data: Record<string, unknown>, admin: AdminState, params: FindParams = {}, relatedEntityId?: string) {
      allow(admin, 'create', uid);
      const target = model(uid);
      const written = writable(admin, 'create', target, data);
      // the admin creates drafts; publishing is its own action
      if (hasDrafts(target)) written.publishedAt = null;
      const localized = ctx.isEnabled('i18n') && isLocalized(target);
      const localize = localized && relatedEntityId !== undefined && target.kind === 'collectionType';
      // a permission limited to some locales (`properties.locales`) creates entries in those only;
      // a localization is made in the locale asked, whatever the body says
      const locale = localized ? newEntryLocale(ctx, localize ? {} : written, params.locale) : undefined;
      if (localized && !admin.ability.allowsEntry(CONTENT_ACTIONS.create, uid, { createdById: admin.user.id, creatorRoleIds: admin.user.roleIds, locale })) throw forbidden();
      return ctx.db.transaction(async () => {
        const id = localize ? await createLocalizationEntry(ctx, target, relatedEntityId, locale, written) : (await entities().create(uid, { ...params, data: written })).id;
        await stampCreators(target, id, admin.user.id, true);
        const entry = await entities().findOne(uid, id, { ...params, includeHidden: true });
        if (!entry) throw new NotFoundError('Not Found', {});
        return { ...readable(admin, target, entry), ...(await creatorsOf(ctx, target, id)) };
      });
    },
    async update(uid: string, id: number, data: Record<string, unknown>, admin: AdminState, params: FindParams = {}) {
      allow(admin, 'update', uid);
      const target = model(uid);
      return ctx.db.transaction(async () => {
        await allowEntry(admin, 'update', target, id);
        const updated = await entities().update(uid, id, { ...params, data: writable(admin, 'update', target, data) });
        if (!updated) throw new NotFoundError('Not Found', {});
        await stampCreators(target, id, admin.user.id, false);
        const entry = await entities().findOne(uid, id, { ...params, includeHidden: true });
        return { ...readable(admin, target, entry ?? updated), ...(await creatorsOf(ctx, target, id)) };
      });
    },
    async delete(uid: string, id: number, admin: AdminState) {
      allow(admin, 'delete', uid);
      const target = model(uid);
      return ctx.db.transaction(async () => {
        await allowEntry(admin, 'delete', target, id);
        const deleted = await entities().delete(uid, id, { includeHidden: true });
        if (!deleted) throw new NotFoundError('Not Found', {});
        return readable(admin, target, deleted);
      });
    },
    async setPublished(uid: string, id: number, published: boolean, admin: AdminState, params: FindParams = {}) {
      allow(admin, 'publish', uid);
      const target = model(uid);
      if (!hasDrafts(target)) throw new NotFoundError('Not Found', {});
      return ctx.db.transaction(async () => {
        await allowEntry(admin, 'publish', target, id);
        const updated = await entities().update(uid, id, { ...params, data: { publishedAt: published ? new Date().toISOString() : null } });
        if (!updated) throw new NotFoundError('Not Found', {});
        await stampCreators(target, id, admin.user.id, false);
        const entry = await entities().findOne(uid, id, { ...params, includeHidden: true });
        return { ...readable(admin, target, entry ?? updated), ...(await creatorsOf(ctx, target, id)) };
      });
    },
  };
}

export type ContentOperations = ReturnType<typeof createContentOperations>;
