/**
 * Signatures shared by the two halves of the read path (query building and populate), so
 * that each can be written and tested on its own. Implementations live beside this file.
 */
import type { Knex } from 'knex';
import type { Model, ScalarField } from '@platform/core';
import type { Engine } from '../../engine';
import type { Entity, FindParams, PageMeta, PaginationDefaults, Filters, PopulateWindow } from '../../types';
import type { Tally } from '../populate/budget';

export type ResolveFields = (model: Model, fields: unknown, path: string, options?: { includePrivate?: boolean }) => ScalarField[];
export interface QueryOptions {
  /** internal callers may filter and sort on private attributes too */
  includePrivate?: boolean;
  /**
   * the root request's parameters: when given, related content-types reached by a deep filter
   * or a relation sort are scoped like populated levels (`scope` hook, level `populate`), so
   * that a draft never shows through a filter in `live`
   */
  params?: FindParams;
}
export type ApplyFilters = (engine: Engine, qb: Knex.QueryBuilder, model: Model, alias: string, filters: unknown, path: string, options?: QueryOptions) => void;
export type ApplySort = (engine: Engine, qb: Knex.QueryBuilder, model: Model, alias: string, sort: unknown, path: string, options?: QueryOptions) => void;
export type FormatRow = (model: Model, row: Record<string, unknown>, fields: ScalarField[]) => Entity;

export interface NormalizedPagination {
  offset: number;
  /** null: no limit */
  limit: number | null;
  withCount: boolean;
  meta(total: number | null): PageMeta;
}
export type NormalizePagination = (input: unknown, defaults: PaginationDefaults) => NormalizedPagination;

/** A populated attribute, parsed and validated. */
export interface PopulateNode {
  /** attribute name */
  field: string;
  /** scalar fields to select on the target (undefined: all visible) */
  fields?: unknown;
  filters?: Filters;
  sort?: unknown;
  /** nested populate of the target */
  populate: PopulateNode[];
  /** relations and attributes that hold entries: the root's parameters overridden for this level and below (`PopulateOptions.params`) */
  params?: Record<string, unknown>;
  /** to-many relations: the windows each parent keeps of its list (`PopulateWindow`) */
  windows?: PopulateWindow[];
  /** dynamic zones: per-component strategy; when set, items of other components are left out */
  on?: Record<string, PopulateNode[] | { fields?: unknown; filters?: Filters; sort?: unknown; populate: PopulateNode[] }>;
  count?: boolean;
  /**
   * dynamic zones under the shared strategy (`populate[dz][populate]=*`, `populate[dz]=true`):
   * the strategy resolved against each allowed component; every component's items appear
   */
  components?: Record<string, PopulateBranch>;
}
/** What to load of one target model: the options of a populated attribute or dz component. */
export interface PopulateBranch {
  fields?: unknown;
  filters?: Filters;
  sort?: unknown;
  populate: PopulateNode[];
}
export interface ParsePopulateOptions {
  /** internal callers (`FindParams.includePrivate`): private attributes may be populated */
  includePrivate?: boolean;
}
export type ParsePopulate = (engine: Engine, model: Model, input: unknown, path: string, options?: ParsePopulateOptions) => PopulateNode[];
/** `tally`: the weights of `entities` in the response; none for the root level (each counts once). */
export type PopulateEntities = (engine: Engine, model: Model, entities: Entity[], nodes: PopulateNode[], params: FindParams, tally?: Tally) => Promise<void>;
