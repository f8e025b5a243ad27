/**
 * Which fields of the built schema answer only from the content the shadow CRUD reads: the
 * generated fields whose resolver no extension replaced (a `resolvers` entry, a type given
 * again, a composer plugin) and that no `resolversConfig` entry gives policies or middlewares
 * (code that may answer differently for the same caller). An operation made only of these is
 * changed by writes alone, so a response cache may keep its answer (see ../http/cached-answers.ts).
 */
import { ObjectTypeComposer, type SchemaComposer } from 'graphql-compose';
import type { GraphqlContext, ResolverConfig } from '../types';

type Snapshot = Map<string, unknown>;

/** `Type.field` → its resolver, for every field of every object type the composer holds now */
export function snapshotResolvers(composer: SchemaComposer<GraphqlContext>): Snapshot {
  const out: Snapshot = new Map();
  for (const type of new Set(composer.types.values())) {
    if (!(type instanceof ObjectTypeComposer)) continue;
    for (const field of type.getFieldNames()) out.set(`${type.getTypeName()}.${field}`, type.getField(field).resolve);
  }
  return out;
}

/** the snapshot's fields still there with the same resolver and without policies or middlewares */
export function cacheableFields(generated: Snapshot, composer: SchemaComposer<GraphqlContext>, resolversConfig: ReadonlyMap<string, ResolverConfig>): Set<string> {
  const now = snapshotResolvers(composer);
  const out = new Set<string>();
  for (const [key, resolve] of generated) {
    if (!now.has(key) || now.get(key) !== resolve) continue;
    const config = resolversConfig.get(key);
    if (config?.policies?.length || config?.middlewares?.length) continue;
    out.add(key);
  }
  return out;
}
