/**
 * What the plugin's parts share within one platform (the service is built before `register`
 * knows the salt, and the routes are known only when the server is built): the plugin's state
 * (`ctx.state`), so several platforms in one process each have their own.
 */
import type { PluginContext } from '@platform/core';
import type { ApiTokensConfig } from './config';
import { TokenCache } from './token-cache';

export interface Runtime {
  cache: TokenCache;
  /** from register on */
  salt: string | null;
  /** the content API's actions, once the route table is built */
  actions: ReadonlySet<string> | null;
  /** stops hearing the other workers' changes (from bootstrap on) */
  unsubscribe: (() => void) | null;
}

/** The broadcast channel on which a worker announces that it changed the tokens. */
export const CHANGED_CHANNEL = 'api-tokens:changed';

export function createRuntime(ctx: PluginContext<ApiTokensConfig, Runtime>): Runtime {
  return { cache: new TokenCache(() => ctx.db.knex, ctx.log), salt: null, actions: null, unsubscribe: null };
}

export function saltOf(runtime: Runtime): string {
  if (runtime.salt === null) throw new Error('The API token salt is read in register; the service is used from bootstrap on');
  return runtime.salt;
}
