/**
 * What the read and write halves of the engine share: the platform, the hooks, the
 * lifecycles declared beside schemas, and the field kinds plugins registered.
 */
import type { Platform, Model } from '@platform/core';
import type { QueryHooks } from './hooks';
import type { FieldKindRegistry } from './field-kinds/registry';
import type { LifecycleEvent, LifecycleName, Lifecycles, PaginationDefaults } from './types';

export interface Engine {
  platform: Platform;
  hooks: QueryHooks;
  /** lifecycles per content-type uid (`lifecycles.ts` beside the schema, or subscribed) */
  lifecycles: Map<string, Lifecycles[]>;
  /** how attributes of plugin-provided types are written, populated and filtered */
  fieldKinds: FieldKindRegistry;
}

/** Runs one lifecycle for a model; `state` carries data from before* to after*. */
export async function runLifecycle(engine: Engine, name: LifecycleName, model: Model, event: Omit<LifecycleEvent, 'action' | 'model'>): Promise<void> {
  const subscribers = engine.lifecycles.get(model.uid);
  if (!subscribers) return;
  for (const lifecycles of subscribers) {
    const fn = lifecycles[name];
    if (fn) await fn({ action: name, model, ...event });
  }
}

const restDefaultsOf = new WeakMap<Engine, PaginationDefaults>();

/** The REST pagination limits (`api.rest.*`), read from the configuration once per engine. */
export function restDefaults(engine: Engine): PaginationDefaults {
  let defaults = restDefaultsOf.get(engine);
  if (!defaults) {
    const { platform } = engine;
    defaults = Object.freeze({
      defaultLimit: platform.config<number>('api.rest.defaultLimit', 25),
      maxLimit: platform.config<number>('api.rest.maxLimit', 100),
      withCount: platform.config<boolean>('api.rest.withCount', true),
    });
    restDefaultsOf.set(engine, defaults);
  }
  return defaults;
}
