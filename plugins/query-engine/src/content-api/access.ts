/**
 * The decisions of one request, made once: the guards' `access` taps are asked for the caller's
 * rules at the request's first operation, and each permission and each model's restrictions are
 * answered once from them. Every operation of the request, every GraphQL field and every model
 * an answer reaches reuses them, so a guard is entered once per request however many checks the
 * transports make. The request is its content-API context object: a transport makes one per
 * request (./rest-context.ts for REST).
 */
import type { Model } from '@platform/core';
import type { ContentApiHooks } from './hooks';
import type { AccessRules, ContentApiContext } from './types';

export interface CallerAccess {
  /** false when a rule denies `permission`; a rule's own error (a 401) is thrown */
  can(permission: string): boolean;
  /** the details of the 403 for a denied `permission`, from the rule that denied it */
  explain(permission: string): Promise<Record<string, unknown>>;
  /** whether any rule restricts reading (else the answer keeps all but private attributes) */
  readonly restrictsRead: boolean;
  readonly restrictsWrite: boolean;
  unreadable(model: Model): ReadonlySet<string>;
  unwritable(model: Model): ReadonlySet<string>;
}

const UNRESTRICTED: CallerAccess = {
  can: () => true,
  explain: async () => ({}),
  restrictsRead: false,
  restrictsWrite: false,
  unreadable: () => new Set(),
  unwritable: () => new Set(),
};

function memoized<K, V>(compute: (key: K) => V): (key: K) => V {
  const seen = new Map<K, V>();
  return (key) => {
    if (seen.has(key)) return seen.get(key) as V;
    const value = compute(key);
    seen.set(key, value);
    return value;
  };
}

function union(rules: AccessRules[], pick: 'unreadable' | 'unwritable'): (model: Model) => ReadonlySet<string> {
  return memoized((model: Model) => {
    const fields = new Set<string>();
    for (const rule of rules) for (const name of rule[pick]?.(model) ?? []) fields.add(name);
    return fields;
  });
}

function fromRules(rules: AccessRules[]): CallerAccess {
  if (rules.length === 0) return UNRESTRICTED;
  /** the first rule that denies a permission, asked once per permission */
  const denier = memoized((permission: string) => rules.find((rule) => rule.can?.(permission) === false));
  return {
    can: (permission) => denier(permission) === undefined,
    explain: async (permission) => (await denier(permission)?.explain?.(permission)) ?? {},
    restrictsRead: rules.some((rule) => rule.unreadable !== undefined),
    restrictsWrite: rules.some((rule) => rule.unwritable !== undefined),
    unreadable: union(rules, 'unreadable'),
    unwritable: union(rules, 'unwritable'),
  };
}

/** The caller's access for a context, asked of the taps once per context object. */
export function createAccessMemo(hooks: ContentApiHooks): (context: ContentApiContext) => CallerAccess {
  const byRequest = new WeakMap<ContentApiContext, CallerAccess>();
  return (context) => {
    if (hooks.access.taps.length === 0) return UNRESTRICTED;
    let access = byRequest.get(context);
    if (!access) {
      const rules: AccessRules[] = [];
      hooks.access.call({ context, rules });
      access = fromRules(rules);
      byRequest.set(context, access);
    }
    return access;
  };
}
