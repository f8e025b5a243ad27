/**
 * Resolvers of the attributes that hold entries or components. They never query: the root
 * field already read the whole selection with one populate tree (./plan.ts), so each reads what
 * its parent entry carries and applies its own pagination to it. A to-many relation's list
 * arrives already cut to the selections' pages (./list-windows.ts).
 */
import type { GraphQLFieldResolver, GraphQLTypeResolver } from 'graphql';
import type { GraphqlContext } from '../types';
import { sliceBounds, type PaginationArgs, type ResolveSettings } from './settings';
import { loadedStart } from './list-windows';
import { readsLoaded } from './loaded-reads';

export type Parent = Record<string, unknown>;

function page<T>(list: T[], args: { pagination?: PaginationArgs }, settings: ResolveSettings): T[] {
  const { offset, limit } = sliceBounds(args.pagination, settings);
  return list.slice(offset, offset + limit);
}

/**
 * A relation or media attribute: `{ data: entry | null }` or `{ data: [entries] }`. A list the
 * plan had cut per parent (to-many relations) holds only the selections' slices: this one's
 * starts where the plan says; any other list is the whole list, paginated here.
 */
export function relationResolver(name: string, many: boolean, settings: ResolveSettings): GraphQLFieldResolver<unknown, GraphqlContext, { pagination?: PaginationArgs }> {
  const read = { kind: 'relation', name, many, settings } as const;
  if (!many) return readsLoaded((parent) => relationResponse(parent as Parent, read, {}, undefined), read);
  return readsLoaded((parent, args, context, info) => relationResponse(parent as Parent, read, args, () => loadedStart(context, info)), read);
}

/**
 * A relation field's answer from its parent entry. `start`: where the plan's cut of a to-many
 * list starts for this selection (undefined when the plan did not cut it).
 */
export function relationResponse(
  parent: Parent,
  read: { name: string; many: boolean; settings: ResolveSettings },
  args: { pagination?: PaginationArgs },
  start: (() => number | undefined) | undefined,
): { data: unknown } {
  const value = parent[read.name];
  if (!read.many) return { data: value ?? null };
  if (!Array.isArray(value)) return { data: [] };
  const from = start?.();
  if (from === undefined) return { data: page(value, args, read.settings) };
  return { data: value.slice(from, from + sliceBounds(args.pagination, read.settings).limit) };
}

/** A repeatable component: its items, paginated. */
export function componentListResolver(name: string, settings: ResolveSettings): GraphQLFieldResolver<unknown, GraphqlContext, { pagination?: PaginationArgs }> {
  return readsLoaded((parent, args) => componentItems(parent as Parent, name, args, settings), { kind: 'components', name, settings });
}

export function componentItems(parent: Parent, name: string, args: { pagination?: PaginationArgs }, settings: ResolveSettings): unknown[] {
  const value = parent[name];
  return Array.isArray(value) ? page(value, args, settings) : [];
}

export function dynamicZoneResolver(name: string): GraphQLFieldResolver<unknown, GraphqlContext> {
  return (parent) => {
    const value = (parent as Parent)[name];
    return Array.isArray(value) ? value : [];
  };
}

/** A dynamic-zone item's type from its `__component`; an unknown one is the `Error` member. */
export function dynamicZoneTypeResolver(byUid: Map<string, string>): GraphQLTypeResolver<unknown, GraphqlContext> {
  return (item) => byUid.get(String((item as Parent).__component)) ?? 'Error';
}
