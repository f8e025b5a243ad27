/**
 * Which models an answer about a content-type may contain. An answer of type U may hold, through
 * populate at any depth, entries of every model reachable from U along relations, components,
 * dynamic zones and plugin attribute types (media). So a write on model M can change the
 * answers of exactly the types that reach M; an answer depends on the generations of its
 * reachable set, and a write bumps only the model written.
 */
import type { Field, Model } from '@platform/core';

/** the uids a field's values hold entries of */
function targetsOf(field: Field): string[] {
  switch (field.kind) {
    case 'relation':
      return [field.target];
    case 'extension':
      return field.target ? [field.target] : [];
    case 'component':
      return [field.component];
    case 'dynamiczone':
      return field.components;
    default:
      return [];
  }
}

export interface DependencyGraph {
  /** the models an answer about `uid` may contain, `uid` included, sorted */
  reachable(uid: string): readonly string[];
  /** whether some content-API type (`api::`) may show entries of `uid` */
  shownByContentApi(uid: string): boolean;
}

export function buildDependencyGraph(models: Iterable<Model>): DependencyGraph {
  const edges = new Map<string, string[]>();
  for (const model of models) edges.set(model.uid, [...model.fields.values()].flatMap(targetsOf));
  const memo = new Map<string, readonly string[]>();
  const reachable = (uid: string): readonly string[] => {
    const known = memo.get(uid);
    if (known) return known;
    const seen = new Set<string>([uid]);
    const pending = [uid];
    for (let from = pending.pop(); from !== undefined; from = pending.pop()) {
      for (const next of edges.get(from) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          pending.push(next);
        }
      }
    }
    const list = [...seen].sort();
    memo.set(uid, list);
    return list;
  };
  const shown = new Set<string>();
  for (const uid of edges.keys()) if (uid.startsWith('api::')) for (const reached of reachable(uid)) shown.add(reached);
  return { reachable, shownByContentApi: (uid) => shown.has(uid) };
}
