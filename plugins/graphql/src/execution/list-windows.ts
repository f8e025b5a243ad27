/**
 * The slices of a to-many relation's list that the selections of one attribute ask for (an
 * attribute selected under several aliases may ask for several pages). The engine keeps, per
 * parent, the entries inside any of them, in list order (`FindParams.populateWindows`); each
 * selection then finds its own page in that shorter list: where its slice starts once the
 * positions no slice asked for are left out. That start is kept per field node for the
 * request, so the field's resolver reads it without walking the query again.
 */
import type { FieldNode } from 'graphql';
import type { PopulateWindow } from '@platform/query-engine';
import type { GraphqlContext } from '../types';

const STARTS = Symbol('relation list starts');

/** The windows to load, and where each selection's own slice starts in the loaded list. */
export function planWindows(context: GraphqlContext, nodes: FieldNode[], slices: PopulateWindow[]): PopulateWindow[] {
  const merged = mergeRanges(slices);
  const starts = startsOf(context);
  nodes.forEach((node, index) => {
    // one slice per node, in the same order
    const slice = slices[index]!;
    starts.set(node, loadedIndex(merged, slice.offset));
  });
  return merged;
}

/** Where the field node's slice starts in the loaded list; undefined when the plan did not cut it. */
export function loadedStart(context: GraphqlContext, node: FieldNode | undefined): number | undefined {
  return node ? startsOf(context).get(node) : undefined;
}

function startsOf(context: GraphqlContext): WeakMap<FieldNode, number> {
  let starts = context[STARTS] as WeakMap<FieldNode, number> | undefined;
  if (!starts) {
    starts = new WeakMap();
    context[STARTS] = starts;
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
