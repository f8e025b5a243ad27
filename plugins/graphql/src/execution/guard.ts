/**
 * What runs around a resolver, Strapi v4's resolver pipeline: authorization, then the
 * policies, then the middlewares, then the resolver. A generated root field needs its
 * content-API action (`authorize` of the contract, `Forbidden access` when denied); a
 * `resolversConfig` entry may bypass it (`auth: false`) or name the permissions instead
 * (`auth: { scope: [...] }`), add policies (false: `Policy Failed`) and middlewares. Nested
 * fields (`Article.title`) take policies and middlewares the same way. Policies and
 * middlewares named by a string are the registered ones, found as a route's are; an unknown
 * name stops start-up.
 */
import { ForbiddenError, PolicyError, type PluginContext, type RouteDefinition } from '@platform/core';
import type { GraphQLFieldResolver } from 'graphql';
import type { ContentApiAction } from '@platform/query-engine';
import { errors } from '../errors';
import type { GraphqlContext, GraphqlMiddleware, GraphqlMiddlewareRef, GraphqlPolicy, GraphqlPolicyContext, GraphqlPolicyRef, ResolverConfig } from '../types';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

export interface GuardInput {
  resolve: Resolver;
  /** the content-API action of a generated root field */
  generated?: { uid: string; action: ContentApiAction };
  config?: ResolverConfig;
  platform: PluginContext;
  /** `Type.field`, to name it in errors */
  key: string;
}

interface BoundPolicy {
  handler: GraphqlPolicy;
  config: unknown;
}

function resolvePolicy(ref: GraphqlPolicyRef, platform: PluginContext, key: string): BoundPolicy {
  if (typeof ref === 'function') return { handler: ref, config: {} };
  if (typeof ref === 'object' && ref !== null && 'handler' in ref) return { handler: ref.handler, config: ref.config ?? {} };
  const name = typeof ref === 'string' ? ref : ref.name;
  const found = platform.policy(name);
  if (!found) throw errors.boot('UNKNOWN_POLICY', `GraphQL resolversConfig "${key}": unknown policy ${JSON.stringify(name)}`);
  // A registered policy takes a route's context; the GraphQL one carries `ctx` and `route` too.
  return { handler: found as unknown as GraphqlPolicy, config: typeof ref === 'string' ? {} : (ref.config ?? {}) };
}

function resolveMiddleware(ref: GraphqlMiddlewareRef, platform: PluginContext, key: string): GraphqlMiddleware {
  if (typeof ref === 'function') return ref;
  const name = typeof ref === 'string' ? ref : ref.name;
  const found = typeof ref === 'string' ? platform.middleware(name) : platform.middleware(name, undefined, ref.options ?? ref.config ?? {});
  if (!found) throw errors.boot('UNKNOWN_MIDDLEWARE', `GraphQL resolversConfig "${key}": unknown middleware ${JSON.stringify(name)}`);
  return found as unknown as GraphqlMiddleware;
}

function policyContext(parent: unknown, args: Record<string, unknown>, context: GraphqlContext, info: GraphqlPolicyContext['info']): GraphqlPolicyContext {
  return {
    type: 'graphql',
    is: (type: string) => type === 'graphql',
    parent,
    args,
    context,
    info,
    state: context.state,
    http: context.http,
    ctx: context.http,
    route: context.state.route as RouteDefinition,
  };
}

/** A scope is held when the caller's ability grants it; without an auth plugin nothing is restricted. */
function holdsScope(context: GraphqlContext, scope: string): boolean {
  const ability = context.contentApi.auth?.ability;
  return ability ? ability.can(scope) : true;
}

export function guardResolver({ resolve, generated, config, platform, key }: GuardInput): Resolver {
  const policies = (config?.policies ?? []).map((policy) => resolvePolicy(policy, platform, key));
  let pipeline: Resolver = resolve;
  for (const middleware of (config?.middlewares ?? []).map((ref) => resolveMiddleware(ref, platform, key)).reverse()) {
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
      const verdict = await policy.handler(policyContext(parent, args, context, info), policy.config, { platform });
      // as a route's: anything but true or undefined refuses
      if (verdict !== true && verdict !== undefined) throw new PolicyError();
    }
    return pipeline(parent, args, context, info);
  };
}
