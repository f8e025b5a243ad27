/**
 * What a permission check needs, kept in memory: every role's actions, and each verified
 * user's role, state and password-change time. In the steady state a request is checked
 * without a query (Strapi v4 reads the user and the role's permissions on every request).
 * A change to a role, its permissions or a user clears what it touched once its transaction
 * has committed (cleared earlier, a request in between would keep the old rows again), here
 * and, through the kernel's broadcast, in the other processes of `platform start --workers N`
 * and of other nodes; the write answers once the other workers of this node have cleared theirs.
 * A load that started before a clear is never kept. While the broadcast cannot be trusted (its
 * Redis is unreachable, or owes a message) nothing is kept: every check reads the database, and
 * when it can be trusted again everything kept before is dropped (Broadcast.onResync).
 */
import type { PluginContext } from '@platform/core';
import type { EntityService } from '@platform/query-engine';
import { USER_UID } from '../content-types';
import { toSeconds } from '../time';

export interface Ability {
  can(action: string): boolean;
}

export interface RoleAccess {
  id: number;
  type: string;
  name: string;
  actions: ReadonlySet<string>;
  ability: Ability;
}

export interface UserAccess {
  id: number;
  roleId: number | null;
  blocked: boolean;
  confirmed: boolean;
  /** seconds since the epoch; a JWT issued before is refused */
  passwordChangedAt: number | null;
  /** the user as `ctx.state.user` shows it: no private attribute, the role populated */
  user: Record<string, unknown>;
}

export interface AccessCache {
  role(id: number): Promise<RoleAccess | null>;
  roleByType(type: string): Promise<RoleAccess | null>;
  user(id: number): Promise<UserAccess | null>;
  /** clears every role here and in the other processes, once the current transaction commits */
  rolesChanged(): Promise<void>;
  /** clears one user here and in the other processes, once the current transaction commits */
  userChanged(id: number): Promise<void>;
}

interface Roles {
  byId: Map<number, RoleAccess>;
  byType: Map<string, RoleAccess>;
}

/** Bounds the user entries kept (the oldest go first). */
const MAX_USERS = 10000;
const CHANNEL = 'users-permissions:access';

type Change = { kind: 'roles' } | { kind: 'user'; id: number };

export function createAccessCache(ctx: PluginContext): AccessCache {
  let roles: Promise<Roles> | null = null;
  const users = new Map<number, Promise<UserAccess | null>>();
  // Bumped by every change: a load that started before a change does not keep its result.
  let generation = 0;

  async function loadRoles(): Promise<Roles> {
    const knex = ctx.db.connection;
    const [roleRows, permissionRows] = await Promise.all([
      knex('up_roles').select('id', 'type', 'name'),
      knex('up_permissions as p').join('up_permissions_role_links as l', 'l.permission_id', 'p.id').select('p.action as action', 'l.role_id as roleId'),
    ]);
    const actionsOf = new Map<number, Set<string>>();
    for (const row of permissionRows as Array<{ action: string | null; roleId: number }>) {
      if (!row.action) continue;
      const set = actionsOf.get(Number(row.roleId)) ?? new Set<string>();
      set.add(row.action);
      actionsOf.set(Number(row.roleId), set);
    }
    const byId = new Map<number, RoleAccess>();
    const byType = new Map<string, RoleAccess>();
    for (const row of roleRows as Array<{ id: number; type: string | null; name: string | null }>) {
      const actions = actionsOf.get(Number(row.id)) ?? new Set<string>();
      const access: RoleAccess = { id: Number(row.id), type: row.type ?? '', name: row.name ?? '', actions, ability: { can: (action) => actions.has(action) } };
      byId.set(access.id, access);
      if (row.type) byType.set(row.type, access);
    }
    return { byId, byType };
  }

  function currentRoles(): Promise<Roles> {
    if (!ctx.broadcast.trusted()) return loadRoles();
    if (roles) return roles;
    const started = generation;
    const loading = loadRoles();
    roles = loading;
    loading.then(
      () => {
        if (generation !== started && roles === loading) roles = null;
      },
      () => {
        if (roles === loading) roles = null;
      },
    );
    return loading;
  }

  async function loadUser(id: number): Promise<UserAccess | null> {
    const entityService = ctx.service<EntityService>('plugin::query-engine.entity-service');
    const entity = await entityService.findOne(USER_UID, id, { populate: { role: true }, includePrivate: true });
    if (!entity) return null;
    const { password: _p, resetPasswordToken: _r, confirmationToken: _c, passwordChangedAt, ...user } = entity as Record<string, unknown>;
    const role = user.role as { id?: number } | null | undefined;
    return {
      id,
      roleId: typeof role?.id === 'number' ? role.id : null,
      blocked: user.blocked === true,
      confirmed: user.confirmed === true,
      passwordChangedAt: toSeconds(passwordChangedAt),
      user,
    };
  }

  function forget(change: Change): void {
    generation += 1;
    if (change.kind === 'roles') {
      roles = null;
      // A user's populated role shows its name: read it again too.
      users.clear();
    } else users.delete(change.id);
  }

  /** the changes of each open transaction, cleared and told together once it commits */
  const pending = new WeakMap<object, Change[]>();
  const apply = async (changes: readonly Change[]) => {
    for (const change of changes) forget(change);
    await Promise.all(changes.map((change) => ctx.broadcast.publishAndWait(CHANNEL, change)));
  };
  function changed(change: Change): Promise<void> {
    const connection = ctx.db.connection;
    if (connection === ctx.db.knex) return apply([change]);
    const known = pending.get(connection);
    if (known) {
      if (!known.some((c) => c.kind === 'roles' || (c.kind === 'user' && change.kind === 'user' && c.id === change.id))) known.push(change);
      return Promise.resolve();
    }
    const changes = [change];
    pending.set(connection, changes);
    return ctx.db.afterCommit(() => apply(changes.some((c) => c.kind === 'roles') ? [{ kind: 'roles' }] : changes));
  }

  ctx.broadcast.subscribe(CHANNEL, (message) => {
    const change = message as Change;
    if (change?.kind === 'roles' || (change?.kind === 'user' && typeof change.id === 'number')) forget(change);
  });
  ctx.broadcast.onResync(() => forget({ kind: 'roles' }));

  return {
    async role(id) {
      return (await currentRoles()).byId.get(id) ?? null;
    },
    async roleByType(type) {
      return (await currentRoles()).byType.get(type) ?? null;
    },
    user(id) {
      if (!ctx.broadcast.trusted()) return loadUser(id);
      const cached = users.get(id);
      if (cached !== undefined) return cached;
      const started = generation;
      const loading = loadUser(id);
      if (users.size >= MAX_USERS) users.delete(users.keys().next().value as number);
      users.set(id, loading);
      loading.then(
        () => {
          if (generation !== started && users.get(id) === loading) users.delete(id);
        },
        () => {
          if (users.get(id) === loading) users.delete(id);
        },
      );
      return loading;
    },
    rolesChanged: () => changed({ kind: 'roles' }),
    userChanged: (id) => changed({ kind: 'user', id }),
  };
}
