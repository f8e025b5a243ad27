/**
 * The list limits every resolver applies, from the plugin's configuration: the default page
 * size and the cap no list in a response goes past.
 */
import { ValidationError } from '@platform/core';
import type { GraphqlConfig } from '../types';

export interface ResolveSettings {
  defaultLimit: number;
  /** the largest list a response holds */
  maxLimit: number;
}

export function resolveSettings(config: GraphqlConfig): ResolveSettings {
  const maxLimit = config.maxLimit > 0 ? Math.min(config.maxLimit, config.amountLimit) : config.amountLimit;
  return { defaultLimit: Math.min(config.defaultLimit, maxLimit), maxLimit };
}

export interface PaginationArgs {
  page?: number | null;
  pageSize?: number | null;
  start?: number | null;
  limit?: number | null;
}

const given = (value: unknown): value is number => typeof value === 'number';

/**
 * The slice of a populated list a relation field answers, with the engine's rules for a root
 * list: page/pageSize or start/limit (not both), sizes below 1 are 1, -1 is "up to the cap",
 * anything above the cap is the cap.
 */
export function sliceBounds(args: PaginationArgs | undefined, settings: ResolveSettings): { offset: number; limit: number } {
  const p = args ?? {};
  const pageMode = given(p.page) || given(p.pageSize);
  const offsetMode = given(p.start) || given(p.limit);
  if (pageMode && offsetMode) throw new ValidationError('Invalid pagination parameters. Expected either start/limit or page/pageSize');
  const cap = (n: number) => Math.min(settings.maxLimit, Math.max(1, n));
  if (offsetMode) {
    const limit = !given(p.limit) ? settings.defaultLimit : p.limit === -1 ? settings.maxLimit : cap(p.limit);
    return { offset: Math.max(0, p.start ?? 0), limit };
  }
  const pageSize = given(p.pageSize) ? cap(p.pageSize) : settings.defaultLimit;
  const page = Math.max(1, p.page ?? 1);
  return { offset: (page - 1) * pageSize, limit: pageSize };
}

/** The root list's pagination for the engine: -1 and oversized limits are capped by the engine's maxLimit. */
export function enginePagination(args: PaginationArgs | undefined, withCount: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { withCount };
  for (const key of ['page', 'pageSize', 'start', 'limit'] as const) if (given(args?.[key])) out[key] = args[key];
  return out;
}
