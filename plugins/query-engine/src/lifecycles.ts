/**
 * Runs the app's `lifecycles.{ts,js}` files (beside each content-type schema, Strapi v4 style):
 * the kernel loads them, the query engine claims them from the app view.
 */
import type { PluginContext } from '@platform/core';
import type { Engine } from './engine';
import type { Lifecycles } from './types';

export function loadLifecycles(ctx: PluginContext, engine: Engine): void {
  for (const { uid, exported } of ctx.app.lifecycles()) {
    const list = engine.lifecycles.get(uid) ?? [];
    list.push(exported as Lifecycles);
    engine.lifecycles.set(uid, list);
  }
}
