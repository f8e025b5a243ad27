/**
 * `plugin::users-permissions.user`: `/api/users` as Strapi v4 answers it (bare arrays, objects
 * and numbers, no `{ data, meta }`). Queries go through the content-API contract like every
 * other content-type's, so private attributes (password hashes, reset tokens) are never
 * filterable, sortable or shown, here and in `/api/users/count`, and the role is shown only to
 * a caller who may read roles. A missing user is a 404 for GET, PUT and DELETE alike.
 */
import { ApplicationError, isPlainObject, NotFoundError, UnauthorizedError, ValidationError, type PluginContext, type RequestContext } from '@platform/core';
import { parseId, restContext, type ContentApi, type Entity, type EntityService, type OperationInput } from '@platform/query-engine';
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
  const contentApi = () => plugin.service<ContentApi>('plugin::query-engine.content-api');
  const writes = createUserWrites(plugin, config);
  // The route's scope (`plugin::users-permissions.user.find`...) authorized the caller in the
  // auth step; the operations check and sanitize the query and the answer.
  const read = (ctx: RequestContext): OperationInput => ({ uid: USER_UID, context: restContext(ctx), query: ctx.query, authorization: 'transport' });
  const output = <T>(data: T, ctx: RequestContext): T => contentApi().sanitizeOutput(plugin.models.get(USER_UID), data, restContext(ctx));

  return {
    find: (ctx: RequestContext) => contentApi().findMany(read(ctx)),
    async findOne(ctx: RequestContext) {
      return found(await contentApi().findOne({ ...read(ctx), id: userId(ctx) }));
    },
    count: (ctx: RequestContext) => contentApi().count(read(ctx)),
    async me(ctx: RequestContext) {
      const user = ctx.state.user as { id?: unknown } | undefined;
      if (typeof user?.id !== 'number') throw new UnauthorizedError('Unauthorized', {});
      return found(await contentApi().findOne({ ...read(ctx), id: user.id }));
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
