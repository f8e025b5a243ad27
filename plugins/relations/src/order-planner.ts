/**
 * Computes the new order of one entry's relation list, without touching the database.
 * Orders are floats: an item placed between two others takes the midpoint, so a move or an
 * insert rewrites only the rows it concerns. The list is renumbered 1..n only when the stored
 * orders are missing (rows written by another tool) or two neighbours are too close for a
 * midpoint to exist.
 */
import { ValidationError } from '@platform/core';
import { uniqueIds, type ConnectItem, type Position } from '@platform/query-engine';

export interface StoredLink {
  id: number;
  order: number | null;
}

export interface PlannedLink {
  id: number;
  order: number;
}

export interface ListPlan {
  /** the whole list after the change, in order */
  list: PlannedLink[];
  /** ids linked before and not after */
  removed: number[];
  /** ids linked by this change */
  added: number[];
  /** ids that stay linked with a new order value */
  reordered: number[];
}

export function alreadyConnected(id: number): ValidationError {
  return new ValidationError(`The relation with id ${id} is already connected. You cannot connect the same relation twice.`);
}

export function circularReference(): ValidationError {
  return new ValidationError('A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it');
}

export function notConnectedYet(item: ConnectItem, position: Extract<Position, { ref: number }>): ValidationError {
  return new ValidationError(
    `There was a problem connecting relation with id ${item.id} at position ${JSON.stringify(position.raw)}. The relation with id ${String(position.rawRef)} needs to be connected first.`,
  );
}

function refOf(item: ConnectItem): Extract<Position, { ref: number }> | null {
  const { position } = item;
  return position && (position.kind === 'before' || position.kind === 'after') ? position : null;
}

/**
 * Puts connect items in an order where every item whose position names another connect item
 * comes after it, so a position may refer to an id connected later in the array. Without any
 * position, a repeated id is dropped silently; with positions it is an error.
 */
export function sortConnect(items: ConnectItem[], listed: ReadonlySet<number>): ConnectItem[] {
  if (!items.some((item) => item.position)) {
    const seen = new Set<number>();
    return items.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  }
  const byId = new Map<number, ConnectItem>();
  for (const item of items) {
    if (byId.has(item.id)) throw alreadyConnected(item.id);
    byId.set(item.id, item);
  }
  const sorted: ConnectItem[] = [];
  const done = new Set<number>();
  // Follows the chain of positions from each item (every item names at most one other) with a
  // loop rather than recursion: a list of thousands of items, each placed before the next,
  // is a chain thousands deep and would overflow the stack.
  for (const start of items) {
    const chain: ConnectItem[] = [];
    const branch = new Set<number>();
    for (let item: ConnectItem | undefined = start; item; ) {
      const ref = refOf(item);
      if (ref && (branch.has(ref.ref) || ref.ref === item.id)) throw circularReference();
      if (done.has(item.id)) break;
      done.add(item.id);
      chain.push(item);
      if (!ref || listed.has(ref.ref)) break;
      const target = byId.get(ref.ref);
      if (!target) throw notConnectedYet(item, ref);
      branch.add(item.id);
      item = target;
    }
    // The item an entry refers to is placed first.
    sorted.push(...chain.toReversed());
  }
  return sorted;
}

interface WorkingLink {
  id: number;
  order: number;
}

/** The order value for a new item at `index` of `list`, or null if no float fits there. */
function orderAt(list: WorkingLink[], index: number): number | null {
  const prev = list[index - 1];
  const next = list[index];
  if (!prev) return next ? next.order - 1 : 1;
  if (!next) return prev.order + 1;
  const mid = (prev.order + next.order) / 2;
  return mid > prev.order && mid < next.order ? mid : null;
}

function renumber(list: WorkingLink[]): void {
  list.forEach((link, index) => {
    link.order = index + 1;
  });
}

function insertionIndex(list: WorkingLink[], item: ConnectItem): number {
  const { position } = item;
  if (!position || position.kind === 'end') return list.length;
  if (position.kind === 'start') return 0;
  const at = list.findIndex((link) => link.id === position.ref);
  if (at < 0) throw notConnectedYet(item, position);
  return position.kind === 'before' ? at : at + 1;
}

function diff(before: StoredLink[], list: WorkingLink[]): ListPlan {
  const previous = new Map(before.map((link) => [link.id, link.order]));
  const after = new Set(list.map((link) => link.id));
  return {
    list: list.map((link) => ({ id: link.id, order: link.order })),
    removed: before.filter((link) => !after.has(link.id)).map((link) => link.id),
    added: list.filter((link) => !previous.has(link.id)).map((link) => link.id),
    reordered: list.filter((link) => previous.has(link.id) && previous.get(link.id) !== link.order).map((link) => link.id),
  };
}

/**
 * `disconnect` then `connect`, each connect item applied in turn against the list as changed
 * by the ones before it. An id already linked keeps its place unless the item has a position.
 */
export function planPartial(current: StoredLink[], connect: ConnectItem[], disconnect: number[]): ListPlan {
  const dropped = new Set(disconnect);
  const list: WorkingLink[] = current.filter((link) => !dropped.has(link.id)).map((link) => ({ id: link.id, order: link.order ?? NaN }));
  if (list.some((link) => Number.isNaN(link.order))) renumber(list);
  const sorted = sortConnect(connect, new Set(list.map((link) => link.id)));
  for (const item of sorted) {
    const existing = list.findIndex((link) => link.id === item.id);
    if (existing >= 0) {
      if (!item.position) continue;
      list.splice(existing, 1);
    }
    const index = insertionIndex(list, item);
    const order = orderAt(list, index);
    list.splice(index, 0, { id: item.id, order: order ?? NaN });
    if (order === null) renumber(list);
  }
  return diff(current, list);
}

/** A full replacement: the given ids in the given order, numbered 1..n. */
export function planSet(current: StoredLink[], ids: number[]): ListPlan {
  return diff(
    current,
    uniqueIds(ids).map((id, index) => ({ id, order: index + 1 })),
  );
}
