/**
 * `plugin::api-tokens.api-tokens`: create, list, find, revoke and regenerate tokens. A token's
 * secret is only in the answers of create and regenerate; the table keeps its hash. Each write
 * is one transaction, and the cache (./token-cache.ts) is read again after it, so the change
 * holds for the very next request of this process; the other workers of `--workers` are told
 * through the kernel's broadcast and read theirs again.
 */
import type { Knex } from 'knex';
import type { PluginContext } from '@platform/core';
import { errors } from './errors';
import { hashSecret, newSecret } from './hash';
import { deleteToken, findToken, findTokenIdByName, insertToken, listTokens, replaceAccessKey, type ApiToken } from './token-store';
import type { TokenCache } from './token-cache';
import { validateTokenInput, type CreateTokenInput } from './validate-input';

/** A token as created: its fields and, once, its secret (`accessKey`, Strapi's name for it). */
export interface CreatedApiToken extends ApiToken {
  accessKey: string;
}

export interface ApiTokensService {
  create(input: CreateTokenInput): Promise<CreatedApiToken>;
  list(): Promise<ApiToken[]>;
  findOne(id: number): Promise<ApiToken | null>;
  /** deletes the token (and its permissions): its bearer is no token from then on */
  revoke(id: number): Promise<ApiToken>;
  /** a new secret for the token; the old one stops working */
  regenerate(id: number): Promise<{ id: number; accessKey: string }>;
}

export interface ServiceDeps {
  ctx: PluginContext;
  salt: () => string;
  cache: TokenCache;
  /** the content API's actions, once the routes are known (null before) */
  knownActions: () => ReadonlySet<string> | null;
  /** tells the other processes that the tokens changed; resolves once this node's other workers heard it */
  announce: () => Promise<void>;
}

export function createApiTokensService({ ctx, salt, cache, knownActions, announce }: ServiceDeps): ApiTokensService {
  const notFound = (id: number) => errors.request('TOKEN_NOT_FOUND', `API token ${id} not found`);
  const checkActions = (actions: string[]) => {
    const known = knownActions();
    if (!known) return;
    const unknown = actions.filter((action) => !known.has(action));
    if (unknown.length > 0) throw errors.request('UNKNOWN_PERMISSIONS', `Unknown permissions provided: ${unknown.join(', ')}`);
  };
  /**
   * Runs a write, then, once it has committed (read earlier, the tokens would be the old ones),
   * makes this process see it, and answers once the other workers of this node do too.
   */
  const write = async <T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> => {
    const result = await ctx.db.transaction(fn);
    await ctx.db.afterCommit(async () => {
      await cache.reload();
      await announce();
    });
    return result;
  };

  return {
    async create(input) {
      const token = validateTokenInput(input);
      checkActions(token.permissions);
      const secret = newSecret();
      const id = await write(async (trx) => {
        if ((await findTokenIdByName(trx, token.name)) !== null) throw errors.request('NAME_TAKEN', 'Name already taken');
        const now = new Date();
        const expiresAt = token.lifespan === null ? null : new Date(now.getTime() + token.lifespan);
        return insertToken(trx, ctx.db.client, { ...token, accessKey: hashSecret(salt(), secret), expiresAt }, now);
      });
      const created = await findToken(ctx.db.knex, id);
      if (!created) throw notFound(id); // read back in the same breath: only a concurrent revoke gets here
      return { ...created, accessKey: secret };
    },
    list: () => listTokens(ctx.db.knex),
    findOne: (id) => findToken(ctx.db.knex, id),
    async revoke(id) {
      return write(async (trx) => {
        const token = await findToken(trx, id);
        if (!token) throw notFound(id);
        await deleteToken(trx, id);
        return token;
      });
    },
    async regenerate(id) {
      const secret = newSecret();
      await write(async (trx) => {
        if (!(await findToken(trx, id))) throw notFound(id);
        await replaceAccessKey(trx, id, hashSecret(salt(), secret), new Date());
      });
      return { id, accessKey: secret };
    },
  };
}
