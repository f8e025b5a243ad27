/**
 * Strapi v4's two parameter dialects, turned into the query engine's one (FindParams): the
 * entity service's (`filters`, `fields`, `sort`, `populate`, `start`/`limit`, `page`/`pageSize`)
 * and the query engine's (`where`, `select`, `orderBy`, `offset`/`limit`, `populate`). Strapi's
 * internal reads see drafts and private attributes; so do these.
 */
import type { FindParams, PaginationInput } from '@platform/query-engine';
import { isPlainObject } from '@platform/core';

export type Params = Record<string, unknown>;

function asParams(value: unknown): Params {
  return isPlainObject(value) ? value : {};
}

/** What every internal read adds: entries hidden from a request (drafts) and private attributes are seen. */
function internal(params: Params): Params {
  const out: Params = { includePrivate: true };
  if (params.publicationState === undefined) out.includeHidden = true;
  return out;
}

/** `{ filters, fields, sort, populate, start, limit, page, pageSize, publicationState, locale }` (entityService). */
export function fromEntityServiceParams(raw: unknown): FindParams {
  const { start, limit, page, pageSize, pagination, ...rest } = asParams(raw);
  const out: FindParams = { ...rest, ...internal(rest) };
  const paging: PaginationInput = isPlainObject(pagination) ? { ...(pagination as PaginationInput) } : {};
  if (start !== undefined) paging.start = start as number;
  if (limit !== undefined) paging.limit = limit as number;
  if (page !== undefined) paging.page = page as number;
  if (pageSize !== undefined) paging.pageSize = pageSize as number;
  if (Object.keys(paging).length > 0) out.pagination = paging;
  return out;
}

/** `{ where, select, orderBy, offset, limit, populate }` (db.query). */
export function fromQueryParams(raw: unknown, localized: boolean): FindParams {
  const params = asParams(raw);
  const out: FindParams = { ...internal(params) };
  if (params.where !== undefined) out.filters = asParams(params.where);
  if (params.select !== undefined) out.fields = params.select as FindParams['fields'];
  if (params.orderBy !== undefined) out.sort = params.orderBy as FindParams['sort'];
  if (params.populate !== undefined) out.populate = params.populate as FindParams['populate'];
  if (params.offset !== undefined || params.limit !== undefined) {
    out.pagination = { start: (params.offset as number | undefined) ?? 0 };
    if (params.limit !== undefined) out.pagination.limit = params.limit as number;
  }
  // The query engine reads rows as they are stored: every locale of a localized type.
  if (localized) out.locale = 'all';
  return out;
}
