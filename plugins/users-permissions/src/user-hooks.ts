/**
 * Entity-service hooks on the plugin's content-types, so every write path (the routes, the
 * GraphQL mutations, an app's own code) keeps the same rules: a user's password is checked
 * (length, the 72 bytes bcrypt reads) and stored as a bcrypt hash, with the time of the change
 * (JWTs issued before it are refused); a change to a user, a role or a permission clears what
 * the access cache holds of it.
 */
import type { PluginContext } from '@platform/core';
import type { QueryHooks, WriteContext } from '@platform/query-engine';
import { PERMISSION_UID, PLUGIN_NAME, ROLE_UID, USER_UID } from './content-types';
import { checkPassword, hashPassword } from './auth/passwords';
import type { AccessCache } from './permissions/access-cache';
import { toSeconds } from './time';

/**
 * When a password change takes effect: the start of the next second, and after the previous
 * change. A JWT's `iat` counts whole seconds, so every token issued until now (this second
 * included) is older, and tokens issued from now on are dated no earlier (JwtService.issue).
 */
export function passwordChangeTime(previous: number | null, now = Date.now()): Date {
  return new Date(Math.max(Math.floor(now / 1000) + 1, (previous ?? 0) + 1) * 1000);
}

async function preparePassword(ctx: PluginContext, context: WriteContext): Promise<void> {
  if (context.model.uid !== USER_UID || !('password' in context.data)) return;
  context.data.password = await hashPassword(checkPassword(context.data.password));
  // A user's first password revokes nothing.
  if (context.action !== 'update' || context.id === null) return;
  const row = (await ctx.db.connection('up_users').where('id', context.id).first('password_changed_at')) as { password_changed_at?: unknown } | undefined;
  context.data.passwordChangedAt = passwordChangeTime(toSeconds(row?.password_changed_at));
}

export function tapUserHooks(ctx: PluginContext, access: () => AccessCache): void {
  const hooks = ctx.service<QueryHooks>('plugin::query-engine.hooks');
  hooks.beforeCreate.tapPromise(PLUGIN_NAME, (context) => preparePassword(ctx, context));
  hooks.beforeUpdate.tapPromise(PLUGIN_NAME, (context) => preparePassword(ctx, context));
  const changed = async (context: WriteContext) => {
    const uid = context.model.uid;
    if (uid === USER_UID && context.id !== null) await access().userChanged(context.id);
    else if (uid === ROLE_UID || uid === PERMISSION_UID) await access().rolesChanged();
  };
  hooks.afterCreate.tapPromise(PLUGIN_NAME, changed);
  hooks.afterUpdate.tapPromise(PLUGIN_NAME, changed);
  hooks.afterDelete.tapPromise(PLUGIN_NAME, changed);
}
