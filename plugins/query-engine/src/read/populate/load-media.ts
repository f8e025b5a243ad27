/**
 * Media fields, when the upload plugin provides `plugin::upload.file`: the files of all parent
 * entries in one query through `files_related_morphs` (`related_type` is the owner's uid, a
 * content-type or a component), in stored `order`. Without the upload plugin: null / [].
 */
import type { MediaField, Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { Entity, FindParams } from '../../types';
import type { PopulateNode } from '../query/contracts';
import { hasSort, inChunks, OWNER, rowsToEntities, groupByOwner, T, targetQuery, type PopulateLevel } from './target-query';
import { mediaMorphTable, UPLOAD_FILE_UID } from '../../link-targets';

const M = 'pm';

export async function loadMedia(engine: Engine, owner: Model, field: MediaField, ids: number[], node: PopulateNode, params: FindParams, populate: PopulateLevel): Promise<Map<number, unknown>> {
  const file = engine.platform.models.find(UPLOAD_FILE_UID);
  if (!file) return new Map();
  const morphs = mediaMorphTable(file);

  const { qb, fields } = targetQuery(engine, file, node, params, { scope: true });
  const rows = await inChunks(ids, (slice) => {
    const query = qb.clone()
      .join(`${morphs} as ${M}`, `${M}.file_id`, `${T}.id`)
      .select(`${M}.related_id as ${OWNER}`)
      .where(`${M}.related_type`, owner.uid)
      .where(`${M}.field`, field.name)
      .whereIn(`${M}.related_id`, slice);
    if (!hasSort(node.sort)) query.orderBy(`${M}.order`, 'asc');
    return query.orderBy(`${M}.id`, 'asc') as Promise<Array<Record<string, unknown>>>;
  });

  const byId = new Map<number, Entity>();
  const linked = rowsToEntities(file, rows, fields, byId);
  await populate(engine, file, [...byId.values()], node.populate, params);

  return groupByOwner(linked, field.multiple);
}
