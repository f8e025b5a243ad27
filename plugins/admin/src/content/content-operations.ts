/**
 * The content operations of the admin's content manager: find, findOne, create, update, delete,
 * publish and unpublish of an entry for an administrator. Each is one of the engine's content
 * operations (`plugin::query-engine.content-api`: find/findOne/create/update/delete, which run
 * validate → sanitize the input → the store → sanitize the answer once for every transport);
 * the admin hands them its own decisions, as a transport may:
 *   - authorization is the transport's (`authorization: 'transport'`): the administrator's
 *     ability per action and content-type, checked here before the operation, and for one
 *     entry its conditions on the entry's creator and locale (a 404 when there is none);
 *   - its steps (`steps`): the admin's parameters read leniently (a bad page is page 1, never
 *     a 400), `properties.fields` on what is written and read, a new entry a draft;
 *   - an Author's (`admin::is-creator`) or a same-role (`admin::has-same-role-as-creator`)
 *     list scope travels as an internal parameter (`ADMIN_SCOPE`, never from a client) to the
 *     `scope` tap: a condition on the creator column in SQL (a subquery on the role links for
 *     the same role, ./creator-condition.ts), so pagination and counts stay right on any number
 *     of entries and the statement keeps its size on any number of administrators;
 *   - its store for writes: the entry (or i18n's localization of another), then its
 *     `createdBy`/`updatedBy` columns, read back with drafts; the whole operation runs in one
 *     transaction with the entry's checks.
 * What stays here is only what is the administrator's: its rules and Strapi's content-manager
 * answer (the entry with `createdBy`/`updatedBy` as people), not a copy of the protocol.
 */
import { ForbiddenError, NotFoundError, type Model, type PluginContext } from '@platform/core';
import {
  sqlFilter,
  type ContentApi,
  type ContentApiContext,
  type Entity,
  type EntityService,
  type EntryStore,
  type FindParams,
  type OperationInput,
  type ScopeContext,
  type TransportSteps,
} from '@platform/query-engine';
import type { AdminState } from '../access';
import { CONTENT_ACTIONS, type ContentAction } from '../permissions/actions';
import { creatorCondition, type CreatorCondition } from './creator-condition';
import { creatorsOf, entryFacts } from './entry-facts';
import { createLocalizationEntry, isLocalized, newEntryLocale } from './localizations';

/** The internal parameter carrying an administrator's list scope to the `scope` tap (never from a client). */
export const ADMIN_SCOPE = Symbol.for('platform.admin.scope');

interface ScopedParams extends FindParams {
  [ADMIN_SCOPE]?: { uid: string; creators: CreatorCondition };
}

export interface AdminQuery {
  page?: unknown;
  pageSize?: unknown;
  sort?: unknown;
  filters?: unknown;
  _q?: unknown;
  locale?: unknown;
}

/** Who asks: the administrator, and the request's content-API context (`restContext`). */
export interface AdminCaller {
  admin: AdminState;
  context: ContentApiContext;
}

const MAX_PAGE_SIZE = 100;

/** The keys the admin never writes from a body (the operation and its store set them). */
const SYSTEM = new Set(['id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy']);

function pageNumber(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

function forbidden(): ForbiddenError {
  return new ForbiddenError('Forbidden', {});
}

function notFound(): NotFoundError {
  return new NotFoundError('Not Found', {});
}

export function createContentOperations(ctx: PluginContext) {
  const entities = () => ctx.service<EntityService>('plugin::query-engine.entity-service');
  const contentApi = () => ctx.service<ContentApi>('plugin::query-engine.content-api');
  const model = (uid: string) => ctx.models.get(uid);

  /** The `scope` tap: a list for an administrator limited to some creators. */
  const applyScope = (scope: ScopeContext) => {
    const limit = (scope.params as ScopedParams)[ADMIN_SCOPE];
    if (!limit || scope.model.uid !== limit.uid || scope.level === 'populate') return;
    const { creators } = limit;
    scope.filters.push(sqlFilter((qb, alias) => creators(qb, `${alias}.created_by_id`)));
  };

  const allow = (admin: AdminState, action: ContentAction, uid: string) => {
    if (!admin.ability.can(CONTENT_ACTIONS[action], uid)) throw forbidden();
  };

  /** Checks the entry's conditions for `action`; 404 when there is no such entry. */
  const allowEntry = async (admin: AdminState, action: ContentAction, target: Model, id: number) => {
    const facts = await entryFacts(ctx, target, id, admin.ability.rules(CONTENT_ACTIONS[action], target.uid));
    if (!facts) throw notFound();
    if (!admin.ability.allowsEntry(CONTENT_ACTIONS[action], target.uid, facts)) throw forbidden();
  };

  /** The attributes of `data` the administrator may write (the others are dropped, as Strapi's sanitizer does). */
  const writable = (admin: AdminState, action: ContentAction, target: Model, data: Record<string, unknown>) => {
    const allowed = admin.ability.fields(CONTENT_ACTIONS[action], target.uid);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      if (SYSTEM.has(key)) continue;
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

  /**
   * The operation's input for the administrator: its own authorization (checked before), its
   * parameters in place of a client's, its reading rules on the answer; `input` the data it writes.
   */
  const adminInput = (uid: string, caller: AdminCaller, params: FindParams, input?: TransportSteps['sanitizeInput']): OperationInput & { steps: TransportSteps } => {
    const target = model(uid);
    const steps: TransportSteps = {
      // the admin's parameters are read leniently above, never refused
      validateQuery: () => undefined,
      sanitizeQuery: () => params,
      sanitizeOutput: <T>(data: T): T => (Array.isArray(data) ? data.map((entry: Entity) => readable(caller.admin, target, entry)) : readable(caller.admin, target, data as Entity)) as T,
    };
    if (input) steps.sanitizeInput = input;
    return { uid, context: caller.context, authorization: 'transport', steps };
  };

  const stampCreators = async (target: Model, id: number, adminId: number, created: boolean) => {
    if (!target.hasCreatorColumns) return;
    await ctx.db
      .connection(target.tableName)
      .where('id', id)
      .update(created ? { created_by_id: adminId, updated_by_id: adminId } : { updated_by_id: adminId });
  };

  /**
   * Where the admin writes an entry: the entity service (or, for a new localization, i18n's
   * service), then the creator columns, then the entry read back as the query asks, drafts
   * included. Run inside the operation's transaction.
   */
  const adminStore = (uid: string, admin: AdminState, createEntry?: (data: Record<string, unknown>) => Promise<number>): Pick<EntryStore, 'create' | 'update'> => {
    const target = model(uid);
    return {
      async create(params) {
        const { data, ...read } = params;
        const id = createEntry ? await createEntry(data) : (await entities().create(uid, params)).id;
        await stampCreators(target, id, admin.user.id, true);
        const entry = await entities().findOne(uid, id, { ...read, includeHidden: true });
        if (!entry) throw notFound();
        return entry;
      },
      async update(id, params) {
        const { data: _data, ...read } = params;
        const updated = await entities().update(uid, id, params);
        if (!updated) return null;
        await stampCreators(target, id, admin.user.id, false);
        return (await entities().findOne(uid, id, { ...read, includeHidden: true })) ?? updated;
      },
    };
  };

  /** Strapi's content-manager answer: the entry with who created and last updated it. */
  const withCreators = async (target: Model, entry: Entity | null): Promise<Entity> => {
    if (!entry) throw notFound();
    return { ...entry, ...(await creatorsOf(ctx, target, entry.id)) };
  };

  const hasDrafts = (target: Model) => target.options.draftAndPublish === true && target.fields.has('publishedAt');
  const preview = (target: Model): FindParams => ({ publicationState: hasDrafts(target) ? 'preview' : undefined });

  /** A write of `data` the administrator made (an update of its own or a publication) to entry `id`, its checks in the same transaction. */
  const updateEntry = (uid: string, id: number, action: ContentAction, caller: AdminCaller, data: Record<string, unknown>, params: FindParams, input: TransportSteps['sanitizeInput']) => {
    const target = model(uid);
    return ctx.db.transaction(async () => {
      await allowEntry(caller.admin, action, target, id);
      const entry = await contentApi().update({ ...adminInput(uid, caller, params, input), id, data, store: adminStore(uid, caller.admin) });
      return withCreators(target, entry);
    });
  };

  return {
    applyScope,
    async find(uid: string, query: AdminQuery, caller: AdminCaller) {
      const { admin } = caller;
      allow(admin, 'read', uid);
      const target = model(uid);
      const page = pageNumber(query.page, 1);
      const pageSize = pageNumber(query.pageSize, 10, MAX_PAGE_SIZE);
      const params: FindParams = { pagination: { page, pageSize, withCount: true }, ...preview(target) };
      if (query.sort !== undefined) params.sort = query.sort as FindParams['sort'];
      if (query.filters !== undefined) params.filters = query.filters as FindParams['filters'];
      if (typeof query._q === 'string' && query._q !== '') params._q = query._q;
      if (typeof query.locale === 'string' && query.locale !== '') params.locale = query.locale;
      for (const key of Object.keys(params)) if (params[key] === undefined) delete params[key];
      const internal: ScopedParams = {};
      const creators = creatorCondition(ctx, admin.ability.listScope(CONTENT_ACTIONS.read, uid), admin.user);
      if (creators) internal[ADMIN_SCOPE] = { uid, creators };
      return contentApi().find({ ...adminInput(uid, caller, params), internal });
    },
    async findOne(uid: string, id: number, caller: AdminCaller, params: FindParams = {}) {
      allow(caller.admin, 'read', uid);
      const target = model(uid);
      await allowEntry(caller.admin, 'read', target, id);
      const entry = await contentApi().findOne({ ...adminInput(uid, caller, { ...params, ...preview(target) }), internal: { includeHidden: true }, id });
      return withCreators(target, entry);
    },
    /** `relatedEntityId`: the new entry is a localization of that entry (Strapi's `plugins[i18n][relatedEntityId]`). */
    async create(uid: string, data: Record<string, unknown>, caller: AdminCaller, params: FindParams = {}, relatedEntityId?: string) {
      const { admin } = caller;
      allow(admin, 'create', uid);
      const target = model(uid);
      const localized = ctx.isEnabled('i18n') && isLocalized(target);
      const localize = localized && relatedEntityId !== undefined && target.kind === 'collectionType';
      // a localization is made in the locale asked, whatever the body says
      const localeOf = (written: Record<string, unknown>) => newEntryLocale(ctx, localize ? {} : written, params.locale);
      const input = (body: Record<string, unknown>) => {
        const written = writable(admin, 'create', target, body);
        // the admin creates drafts; publishing is its own action
        if (hasDrafts(target)) written.publishedAt = null;
        // a permission limited to some locales (`properties.locales`) creates entries in those only
        if (localized && !admin.ability.allowsEntry(CONTENT_ACTIONS.create, uid, { createdById: admin.user.id, creatorRoleIds: admin.user.roleIds, locale: localeOf(written) })) throw forbidden();
        return written;
      };
      const localization = localize ? (written: Record<string, unknown>) => createLocalizationEntry(ctx, target, relatedEntityId, localeOf(written), written) : undefined;
      return ctx.db.transaction(async () => {
        const entry = await contentApi().create({ ...adminInput(uid, caller, params, input), data, store: adminStore(uid, admin, localization) });
        return withCreators(target, entry);
      });
    },
    async update(uid: string, id: number, data: Record<string, unknown>, caller: AdminCaller, params: FindParams = {}) {
      allow(caller.admin, 'update', uid);
      const target = model(uid);
      return updateEntry(uid, id, 'update', caller, data, params, (body) => writable(caller.admin, 'update', target, body));
    },
    async delete(uid: string, id: number, caller: AdminCaller) {
      allow(caller.admin, 'delete', uid);
      const target = model(uid);
      return ctx.db.transaction(async () => {
        await allowEntry(caller.admin, 'delete', target, id);
        const deleted = await contentApi().delete({ ...adminInput(uid, caller, {}), internal: { includeHidden: true }, id });
        if (!deleted) throw notFound();
        return deleted;
      });
    },
    async setPublished(uid: string, id: number, published: boolean, caller: AdminCaller, params: FindParams = {}) {
      allow(caller.admin, 'publish', uid);
      if (!hasDrafts(model(uid))) throw notFound();
      // the data is the administrator's action, not a body: written as it is
      return updateEntry(uid, id, 'publish', caller, { publishedAt: published ? new Date().toISOString() : null }, params, (data) => data);
    },
  };
}

export type ContentOperations = ReturnType<typeof createContentOperations>;
