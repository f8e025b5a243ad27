/**
 * Every action a permission can name in this app: the core actions of each content-type
 * (`api::article.article.find` ... `delete`), and what each route asks for (its scope, or its
 * handler when it names an action) of the Content API, this plugin's own included. Wildcards in the config
 * (`api::article.article.*`) expand against it, and the roles API lists it.
 */
import type { PluginContext } from '@platform/core';
import { requiredActions } from '../auth/route-scope';

const COLLECTION_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'];
const SINGLE_ACTIONS = ['find', 'update', 'delete'];

export function knownActions(ctx: PluginContext): string[] {
  const actions = new Set<string>();
  for (const model of ctx.models.contentTypes()) {
    if (model.namespace !== 'api') continue;
    for (const action of model.kind === 'singleType' ? SINGLE_ACTIONS : COLLECTION_ACTIONS) actions.add(`${model.uid}.${action}`);
  }
  for (const { route } of ctx.routes()) {
    // the admin API's routes (another plugin's handlers the admin mounts, `plugin::upload.admin.*`)
    // are no Content API actions: no role of its users is given them
    if (route.info?.type === 'admin') continue;
    for (const action of requiredActions(route) ?? []) actions.add(action);
  }
  return [...actions].sort();
}

/** The known actions a pattern names: itself, or every known action under a `prefix.*`. */
export function expandPattern(pattern: string, known: readonly string[]): string[] {
  if (!pattern.endsWith('*')) return [pattern];
  const prefix = pattern.slice(0, -1);
  return known.filter((action) => action.startsWith(prefix));
}

/** Strapi v4's tree of actions: `{ 'api::article': { controllers: { article: { find: { enabled, policy } } } } }`. */
export function permissionTree(known: readonly string[], enabled: ReadonlySet<string>): Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }> {
  const tree: Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }> = {};
  for (const action of known) {
    const match = /^(.+?::[^.]+)\.(.+)\.([^.]+)$/.exec(action);
    if (!match) continue;
    const [, namespace = '', controller = '', name = ''] = match; // every group takes part in a match
    tree[namespace] ??= { controllers: {} };
    const { controllers } = tree[namespace];
    controllers[controller] ??= {};
    controllers[controller][name] = { enabled: enabled.has(action), policy: '' };
  }
  return tree;
}

/** The enabled actions of such a tree (the body of `POST/PUT /users-permissions/roles`). */
export function enabledInTree(tree: unknown): string[] {
  const out: string[] = [];
  if (typeof tree !== 'object' || tree === null) return out;
  for (const [namespace, entry] of Object.entries(tree as Record<string, unknown>)) {
    const controllers = (entry as { controllers?: unknown })?.controllers;
    if (typeof controllers !== 'object' || controllers === null) continue;
    for (const [controller, actions] of Object.entries(controllers as Record<string, unknown>)) {
      if (typeof actions !== 'object' || actions === null) continue;
      for (const [name, state] of Object.entries(actions as Record<string, unknown>)) {
        if ((state as { enabled?: unknown })?.enabled === true) out.push(`${namespace}.${controller}.${name}`);
      }
    }
  }
  return out;
}
