/**
 * Reads: validation of query parameters, SQL for filters/sort/fields/pagination, batched
 * populate, value formatting. (Being written.)
 */
import { NotImplementedError, type Model } from '@platform/core';
import type { Engine } from '../engine';
import type { Entity, FindParams, PageMeta, PaginationDefaults } from '../types';

export async function findMany(engine: Engine, model: Model, params: FindParams): Promise<Entity[]> {
  void engine; void model; void params;
  throw new NotImplementedError();
}

export async function findPage(engine: Engine, model: Model, params: FindParams, defaults: PaginationDefaults): Promise<{ results: Entity[]; pagination: PageMeta }> {
  void engine; void model; void params; void defaults;
  throw new NotImplementedError();
}

export async function findOne(engine: Engine, model: Model, id: number, params: FindParams): Promise<Entity | null> {
  void engine; void model; void id; void params;
  throw new NotImplementedError();
}

export async function count(engine: Engine, model: Model, params: FindParams): Promise<number> {
  void engine; void model; void params;
  throw new NotImplementedError();
}
