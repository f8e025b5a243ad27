/**
 * `plugin::users-permissions.user`: `/api/users` as Strapi v4 answers it (bare arrays, objects
 * and numbers, no `{ data, meta }`). Queries go through the content-API contract like every
 * other content-type's, so private attributes (password hashes, reset tokens) are never
 * filterable, sortable or shown, here and in `/api/users/count`, and the role is shown only to
 * a caller who may read roles. A missing user is a 404 for GET, PUT and DELETE alike.
 */
import { ApplicationError, isPlainObject, NotFoundError, UnauthorizedError, ValidationError, type PluginContext, type RequestContext } from '@platform/core';
import { parseId, restContext, type ContentApi, type Entity, type EntityService, type FindParams } from '@platform/query-engine';
import type { UsersPermissionsConfig } from '../config';
import { USER_UID } from '../content-types';
import { validateBody } from '../validation';

/** What a request body may set on a user (never the tokens or the password-change time). */
const WRITABLE = ['username', 'email', 'password', 'confirmed', 'blocked', 'role'];

function userId(ctx: RequestContext): number {
  const id = parseId(ctx.params.id);
  if (id === null) throw new NotFoundError('Not Found', {});
  return id;
}

function pickWritable(body: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of WRITABLE) if (key in body) data[key] = body[key];
  return data;
}

function isRoleInput(value: unknown): boolean {
  if (typeof value === 'number' || (typeof value === 'string' && parseId(value) !== null)) return true;
  if (!isPlainObject(value)) return false;
  return Array.isArray(value.connect) && value.connect.length > 0;
}

export interface UserWrites {
  /** a new user with the body's writable attributes (its role required), its role populated */
  create(body: unknown): Promise<Entity>;
  update(id: number, body: unknown): Promise<Entity>;
  destroy(id: number): Promise<Entity>;
}

/** The user writes of the REST routes and the GraphQL mutations alike, with REST's checks. */
export function createUserWrites(plugin: PluginContext, config: UsersPermissionsConfig): UserWrites {
  const entityService = () => plugin.service<EntityService>('plugin::query-engine.entity-service');
  const users = () => plugin.db.connection('up_users');

  async function taken(column: 'username' | 'email', value: unknown, except: number | null): Promise<boolean> {
    const row = await users()
      .where(column, value as string)
      .modify((q) => (except === null ? q : q.whereNot('id', except)))
      .first('id');
    return row !== undefined;
  }

  return {
    async create(raw) {
      const body = isPlainObject(raw) ? raw : {};
      const values = validateBody(body, [{ name: 'email', email: true }, { name: 'username' }, { name: 'password' }]);
      if (!isRoleInput(body.role)) throw ValidationError.fromIssues([{ path: ['role'], message: 'role is a required field', name: 'ValidationError' }]);
      const email = (values.email as string).toLowerCase();
      if (config.advanced.uniqueEmail && (await taken('email', email, null))) throw new ApplicationError('Email already taken');
      const data = { ...pickWritable(body), email, provider: 'local' };
      return entityService().create(USER_UID, { data, populate: { role: true } });
    },
    async update(id, raw) {
      const body = isPlainObject(raw) ? raw : {};
      const existing = (await users().where('id', id).first('id', 'provider')) as { id: number; provider: string | null } | undefined;
      if (!existing) throw new NotFoundError('User not found', {});
      const rules = [
        { name: 'email', email: true, optional: true },
        { name: 'username', optional: true },
        { name: 'password', optional: true },
      ];
      validateBody(body, rules);
      if (existing.provider === 'local' && 'password' in body && !body.password) throw new ValidationError('password.notNull');
      const data = pickWritable(body);
      if ('username' in body && (await taken('username', body.username, id))) throw new ApplicationError('Username already taken');
      if (typeof data.email === 'string') {
        data.email = data.email.toLowerCase();
        if (config.advanced.uniqueEmail && (await taken('email', data.email, id))) throw new ApplicationError('Email already taken');
      }
      return found(await entityService().update(USER_UID, id, { data, populate: { role: true } }));
    },
    async destroy(id) {
      return found(await entityService().delete(USER_UID, id));
    },
  };
}

function found(entity: Entity | null): Entity {
  if (!entity) throw new NotFoundError('Not Found', {});
  return entity;
}

export function createUserController(plugin: PluginContext, config: UsersPermissionsConfig) {
  const entityService = () => plugin.service<EntityService>('plugin::query-engine.entity-service');
  const contract = () => plugin.service<ContentApi>('plugin::query-engine.content-api');
  const model = () => plugin.models.get(USER_UID);
  const writes = createUserWrites(plugin, config);

  const query = (ctx: RequestContext): FindParams => {
    contract().validateQuery(ctx.query, restContext(ctx));
    return contract().sanitizeQuery(model(), ctx.query, restContext(ctx));
  };
  const output = <T>(data: T, ctx: RequestContext): T => contract().sanitizeOutput(model(), data, restContext(ctx));

  return {
    async find(ctx: RequestContext) {
      const users = await entityService().findMany(USER_UID, query(ctx));
      return output(users, ctx);
    },
    async findOne(ctx: RequestContext) {
      const id = userId(ctx);
      return output(found(await entityService().findOne(USER_UID, id, query(ctx))), ctx);
    },
    async count(ctx: RequestContext) {
      const { filters, _q, locale, publicationState } = query(ctx);
      return entityService().count(USER_UID, { filters, _q, locale, publicationState });
    },
    async me(ctx: RequestContext) {
      const user = ctx.state.user as { id?: unknown } | undefined;
      if (typeof user?.id !== 'number') throw new UnauthorizedError('Unauthorized', {});
      return output(found(await entityService().findOne(USER_UID, user.id, query(ctx))), ctx);
    },
    async create(ctx: RequestContext) {
      const created = await writes.create(ctx.request.body);
      ctx.status = 201;
      ctx.body = output(created, ctx);
    },
    async update(ctx: RequestContext) {
      return output(await writes.update(userId(ctx), ctx.request.body), ctx);
    },
    async destroy(ctx: RequestContext) {
      return output(await writes.destroy(userId(ctx)), ctx);
    },
  };
}
