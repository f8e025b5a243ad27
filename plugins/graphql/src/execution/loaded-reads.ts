/**
 * What each generated nested field's resolver reads from the entry its root field loaded, kept
 * beside the resolver function: the compiled execution of a document (./loaded-execution.ts)
 * reads the same values without calling graphql-js for every field of every entry. A resolver
 * an extension replaced or wrapped (policies, middlewares, tracing) is another function, not
 * found here, and its documents run through graphql-js as before.
 */
import type { ResolveSettings } from './settings';

export type LoadedRead =
  /** the entry's own value of `name` (an entry's `id`) */
  | { kind: 'property'; name: string }
  /** the entry itself (`attributes`) */
  | { kind: 'self' }
  /** a relation or media attribute as `{ data }` (./field-resolvers.ts) */
  | { kind: 'relation'; name: string; many: boolean; settings: ResolveSettings }
  /** a repeatable component's items, paginated */
  | { kind: 'components'; name: string; settings: ResolveSettings };

const reads = new WeakMap<object, LoadedRead>();

/** `resolve`, known to read `read` */
export function readsLoaded<F extends object>(resolve: F, read: LoadedRead): F {
  reads.set(resolve, read);
  return resolve;
}

/** what a field's resolver reads, when it is one of the generated ones */
export function loadedRead(resolve: unknown): LoadedRead | undefined {
  return typeof resolve === 'function' ? reads.get(resolve) : undefined;
}
