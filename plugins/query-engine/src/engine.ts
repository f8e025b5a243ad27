/**
 * What the read and write halves of the engine share: the query-engine plugin's context (its
 * `db`, `models` and settings), the hooks, the lifecycles declared beside schemas, the field
 * kinds plugins registered, and the relation writer a plugin lends it.
 */
import type { Model, PluginContext } from '@platform/core';
import type { QueryHooks } from './hooks';
import type { FieldKindRegistry } from './field-kinds/registry';
import type { LifecycleEvent, LifecycleName, Lifecycles, PaginationDefaults, RelationWriter } from './types';

export interface Engine {
  /** the query-engine plugin's context */
  ctx: PluginContext;
  hooks: QueryHooks;
  /** lifecycles per content-type uid (`lifecycles.ts` beside the schema, or subscribed) */
  lifecycles: Map<string, Lifecycles[]>;
  /** how attributes of plugin-provided types are written, populated and filtered */
  fieldKinds: FieldKindRegistry;
  /** writes relation links inside a write's transaction; none until a plugin lends one */
  relationWriter: RelationWriter | null;
  /** lends the engine its relation writer (the relations plugin does, in its register step) */
  useRelationWriter(writer: RelationWriter): void;
}

/** A new engine over the query-engine plugin's context. */
export function createEngine(ctx: PluginContext, hooks: QueryHooks, fieldKinds: FieldKindRegistry): Engine {
  const engine: Engine = {
    ctx,
    hooks,
    lifecycles: new Map(),
    fieldKinds,
    relationWriter: null,
    useRelationWriter(writer) {
      engine.relationWriter = writer;
    },
  };
  return engine;
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
    const { ctx } = engine;
    defaults = Object.freeze({
      defaultLimit: ctx.appConfig<number>('api.rest.defaultLimit', 25),
      maxLimit: ctx.appConfig<number>('api.rest.maxLimit', 100),
      withCount: ctx.appConfig<boolean>('api.rest.withCount', true),
    });
    restDefaultsOf.set(engine, defaults);
  }
  return defaults;
}
