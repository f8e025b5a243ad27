/**
 * `pagination`: page mode (`page`, `pageSize`) or offset mode (`start`, `limit`), never both,
 * with Strapi v4's clamping rules: `page=0` is page 1,
 * `pageSize<=0` is 1, `limit=-1` is "up to maxLimit" (or everything), `limit=0` is 1, and
 * anything above `maxLimit` is capped. Where Strapi lets NaN through (a 500), we answer 400.
 */
import { parseBoolean, ValidationError } from '@platform/core';
import type { PageMeta } from '../../types';
import { invalidParameter } from './errors';
import type { NormalizePagination, NormalizedPagination } from './contracts';

export const normalizePagination: NormalizePagination = (input, defaults) => {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) throw invalidParameter('pagination');
  const raw = (input ?? {}) as Record<string, unknown>;
  const withCount = parseWithCount(raw.withCount, defaults.withCount ?? true);
  const maxLimit = defaults.maxLimit !== undefined && defaults.maxLimit > 0 ? defaults.maxLimit : null;
  const cap = (n: number) => (maxLimit !== null && n > maxLimit ? maxLimit : n);
  const defaultLimit = cap(defaults.defaultLimit);

  const pageMode = has(raw.page) || has(raw.pageSize);
  const offsetMode = has(raw.start) || has(raw.limit);
  if (pageMode && offsetMode) throw new ValidationError('Invalid pagination parameters. Expected either start/limit or page/pageSize');

  if (offsetMode) {
    const start = Math.max(0, integer(raw.start, 'start') ?? 0);
    const rawLimit = integer(raw.limit, 'limit');
    let limit: number | null;
    if (rawLimit === null) limit = defaultLimit;
    else if (rawLimit === -1) limit = maxLimit;
    else limit = cap(Math.max(1, rawLimit));
    return offsetResult(start, limit, withCount);
  }
  const page = Math.max(1, integer(raw.page, 'page') ?? 1);
  const rawSize = integer(raw.pageSize, 'pageSize');
  const pageSize = rawSize === null ? defaultLimit : cap(Math.max(1, rawSize));
  return pageResult(page, pageSize, withCount);
};

function pageResult(page: number, pageSize: number, withCount: boolean): NormalizedPagination {
  return {
    offset: (page - 1) * pageSize,
    limit: pageSize,
    withCount,
    meta(total): PageMeta {
      if (!withCount || total === null) return { page, pageSize };
      return { page, pageSize, pageCount: Math.ceil(total / pageSize), total };
    },
  };
}

function offsetResult(start: number, limit: number | null, withCount: boolean): NormalizedPagination {
  return {
    offset: start,
    limit,
    withCount,
    meta(total): PageMeta {
      const shownLimit = limit ?? -1;
      if (!withCount || total === null) return { start, limit: shownLimit };
      return { start, limit: shownLimit, total };
    },
  };
}

/** The total a page of `rows` rows implies, when it came back short of its limit; null when it cannot tell. */
export function shortPageTotal(pagination: Pick<NormalizedPagination, 'offset' | 'limit'>, rows: number): number | null {
  if (pagination.limit !== null && rows >= pagination.limit) return null;
  // no row past the first page: the page may start beyond the last row, wherever that is
  if (rows === 0 && pagination.offset > 0) return null;
  return pagination.offset + rows;
}

function has(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** An integer given as a number or a decimal string; null when absent. */
function integer(value: unknown, name: string): number | null {
  if (!has(value)) return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) {
    throw new ValidationError(`Invalid '${name}' parameter. Expected an integer, received: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return n;
}

function parseWithCount(value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  // Strapi v4 takes the lower-case words only here
  const parsed = typeof value === 'boolean' || typeof value === 'string' ? parseBoolean(value, { caseSensitive: true }) : null;
  if (parsed !== null) return parsed;
  throw new ValidationError('Invalid withCount parameter. Expected "t","1","true","false","0","f"');
}
