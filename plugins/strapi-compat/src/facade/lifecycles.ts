/**
 * `strapi.db.lifecycles.subscribe(...)`: Strapi v4's two forms, an object with `models` (all
 * content-types without it) and lifecycle functions, or one function called with every event.
 * Subscribers join those of the `lifecycles` files in the query engine (`plugin::query-engine.engine`).
 */
import type { Engine, LifecycleEvent, LifecycleName, Lifecycles } from '@platform/query-engine';

const NAMES: LifecycleName[] = [
  'beforeCreate',
  'afterCreate',
  'beforeUpdate',
  'afterUpdate',
  'beforeDelete',
  'afterDelete',
  'beforeFindMany',
  'afterFindMany',
  'beforeFindOne',
  'afterFindOne',
  'beforeCount',
  'afterCount',
];

export type Subscriber = ((event: LifecycleEvent) => unknown) | ({ models?: string[] } & Lifecycles);

export function subscribe(engine: Engine, contentTypes: () => string[], subscriber: Subscriber): void {
  let lifecycles: Lifecycles;
  let models: string[] | undefined;
  if (typeof subscriber === 'function') {
    lifecycles = Object.fromEntries(NAMES.map((name) => [name, subscriber])) as Lifecycles;
  } else {
    const { models: listed, ...rest } = subscriber;
    lifecycles = rest;
    models = listed;
  }
  for (const uid of models ?? contentTypes()) {
    const list = engine.lifecycles.get(uid) ?? [];
    list.push(lifecycles);
    engine.lifecycles.set(uid, list);
  }
}
