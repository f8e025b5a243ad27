/**
 * The slices of a to-many relation's list that the selections of one attribute ask for (an
 * attribute selected under several aliases may ask for several pages), merged into the
 * relation's windows (what the engine keeps of each parent's list: `PopulateWindow`); each
 * selection then finds its own page in that shorter list: where its slice starts once the
 * positions no slice asked for are left out. That start is kept per root field and field node
 * for the request (root fields are planned and resolved side by side, and may share
 * fragments), so the field's resolver reads it without walking the query again.
 */
import type { FieldNode, GraphQLResolveInfo } from 'graphql';
import { errors } from '../errors';
import type { PopulateWindow } from '@platform/query-engine';
import type { GraphqlContext } from '../types';

const STARTS = Symbol('relation list starts');

/**
 * The windows to load, and where each selection's own slice starts in the loaded list.
 * `root`: the response key of the root field being planned. `where`: the attribute, for the error.
 */
export function planWindows(context: GraphqlContext, root: string, nodes: FieldNode[], slices: PopulateWindow[], where: string): PopulateWindow[] {
  const merged = mergeRanges(slices);
  const starts = startsOf(context, root);
  nodes.forEach((node, index) => {
    // biome-ignore lint/style/noNonNullAssertion: one slice per node, in the same order
    const start = loadedIndex(merged, slices[index]!.offset);
    // a fragment spread at two relation levels of one root field: one node, two lists
    if (starts.has(node) && starts.get(node) !== start) {
      throw errors.request('CONFLICTING_ARGUMENTS', `${where} is selected through one fragment at two levels whose lists are paginated differently; select it separately`, { field: where });
    }
    starts.set(node, start);
  });
  return merged;
}

/** Where a relation field's slice starts in the loaded list; undefined when the plan did not cut it. */
export function loadedStart(context: GraphqlContext, info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'path'>): number | undefined {
  const node = info.fieldNodes[0];
  return node ? loadedStartAt(context, rootKey(info.path), node) : undefined;
}

/** The same, for field node `node` under the root field of response key `root`. */
export function loadedStartAt(context: GraphqlContext, root: string, node: FieldNode): number | undefined {
  return startsOf(context, root).get(node);
}

function rootKey(path: GraphQLResolveInfo['path']): string {
  let at = path;
  while (at.prev) at = at.prev;
  return String(at.key);
}

function startsOf(context: GraphqlContext, root: string): WeakMap<FieldNode, number> {
  let byRoot = context[STARTS] as Map<string, WeakMap<FieldNode, number>> | undefined;
  if (!byRoot) {
    byRoot = new Map();
    context[STARTS] = byRoot;
  }
  let starts = byRoot.get(root);
  if (!starts) {
    starts = new WeakMap();
    byRoot.set(root, starts);
  }
  return starts;
}

/** Overlapping or touching slices as one, in position order. */
function mergeRanges(slices: PopulateWindow[]): PopulateWindow[] {
  const sorted = [...slices].sort((a, b) => a.offset - b.offset);
  const out: PopulateWindow[] = [];
  for (const slice of sorted) {
    const last = out[out.length - 1];
    if (last && slice.offset <= last.offset + last.limit) {
      last.limit = Math.max(last.limit, slice.offset + slice.limit - last.offset);
    } else {
      out.push({ ...slice });
    }
  }
  return out;
}

/** The index in the loaded list of position `offset`, which lies inside one of `merged`. */
function loadedIndex(merged: PopulateWindow[], offset: number): number {
  let index = 0;
  for (const range of merged) {
    if (offset < range.offset + range.limit) return index + (offset - range.offset);
    index += range.limit;
  }
  return index;
}
