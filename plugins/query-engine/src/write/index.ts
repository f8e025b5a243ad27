/**
 * Writes: validation of `data` per attribute, entry + components + relations in one
 * transaction, lifecycles and hooks. (Being written.)
 */
import { NotImplementedError, type Model } from '@platform/core';
import type { Engine } from '../engine';
import type { Entity, FindParams, WriteParams } from '../types';

export async function createEntry(engine: Engine, model: Model, params: WriteParams): Promise<Entity> {
  void engine; void model; void params;
  throw new NotImplementedError();
}

export async function updateEntry(engine: Engine, model: Model, id: number, params: WriteParams): Promise<Entity | null> {
  void engine; void model; void id; void params;
  throw new NotImplementedError();
}

export async function deleteEntry(engine: Engine, model: Model, id: number, params: FindParams): Promise<Entity | null> {
  void engine; void model; void id; void params;
  throw new NotImplementedError();
}
