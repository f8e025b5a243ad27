/**
 * Strapi v4 style lifecycles (`lifecycles.ts` beside a schema, or subscribed) for writes: each
 * subscriber gets its own `state` object that travels from its before* to its after* call.
 */
import type { Model } from '@platform/core';
import type { Engine } from '../engine';
import type { LifecycleEvent, LifecycleName, Lifecycles } from '../types';

export interface LifecycleRun {
  /** runs `name` for every subscriber; returns the event params (a subscriber may replace them) */
  run(name: LifecycleName, params: Record<string, unknown>, result?: unknown): Promise<Record<string, unknown>>;
}

export function startLifecycles(engine: Engine, model: Model): LifecycleRun {
  const subscribers = engine.lifecycles.get(model.uid) ?? [];
  const states = new Map<Lifecycles, Record<string, unknown>>();
  return {
    async run(name, params, result) {
      let current = params;
      for (const lifecycles of subscribers) {
        const fn = lifecycles[name];
        if (!fn) continue;
        let state = states.get(lifecycles);
        if (!state) {
          state = {};
          states.set(lifecycles, state);
        }
        const event: LifecycleEvent = { action: name, model, params: current, state };
        if (result !== undefined) event.result = result;
        await fn(event);
        current = event.params;
      }
      return current;
    },
  };
}
