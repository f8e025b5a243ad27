/**
 * What runs around a resolver, Strapi v4's resolver pipeline: authorization, then the
 * policies, then the middlewares, then the resolver. A generated root field needs its
 * content-API action (`authorize` of the contract, `Forbidden access` when denied); a
 * `resolversConfig` entry may bypass it (`auth: false`) or name the permissions instead
 * (`auth: { scope: [...] }`), add policies (false: `Policy Failed`) and middlewares. Nested
 * fields (`Article.title`) take policies and middlewares the same way.
 */
import { ForbiddenError, PolicyError, type PluginContext } from '@platform/core';
import type { GraphQLFieldResolver } from 'graphql';
import type { ContentApiAction } from '@platform/query-engine';
import type { GraphqlContext, ResolverConfig } from '../types';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

export interface GuardInput {
  resolve: Resolver;
  /** the content-API action of a generated root field */
  generated?: { uid: string; action: ContentApiAction };
  config?: ResolverConfig;
  platform: PluginContext;
}

/** A scope is held when the caller's ability grants it; without an auth plugin nothing is restricted. */
function holdsScope(context: GraphqlContext, scope: string): boolean {
  const ability = context.contentApi.auth?.ability;
  return ability ? ability.can(scope) : true;
}

export function guardResolver({ resolve, generated, config, platform }: GuardInput): Resolver {
  const policies = (config?.policies ?? []).map((policy) => (typeof policy === 'function' ? { handler: policy, config: undefined } : policy));
  let pipeline: Resolver = resolve;
  for (const middleware of [...(config?.middlewares ?? [])].reverse()) {
    const next = pipeline;
    pipeline = (parent, args, context, info) => middleware(next as GraphQLFieldResolver<unknown, GraphqlContext>, parent, args, context, info);
  }
  const auth = config?.auth;
  if (auth === false && policies.length === 0) return pipeline;
  if (auth === undefined && !generated && policies.length === 0) return pipeline;

  return async (parent, args, context, info) => {
    if (auth && Array.isArray(auth.scope)) {
      if (!auth.scope.every((scope) => holdsScope(context, scope))) throw new ForbiddenError('Forbidden access', {});
    } else if (auth === undefined && generated) {
      await platform.service('plugin::query-engine.content-api').authorize({ context: context.contentApi, uid: generated.uid, action: generated.action });
    }
    for (const policy of policies) {
      const verdict = await policy.handler({ parent, args, context, info, state: context.state, http: context.http }, policy.config, { platform });
      if (verdict === false) throw new PolicyError();
    }
    return pipeline(parent, args, context, info);
  };
}
