/**
 * The `media` field kind of the query engine: how media values are checked, written, deleted,
 * populated and filtered. Links are rows of `files_related_morphs` (`file_id`, `related_id`,
 * `related_type` = the owner's uid, a content-type or a component, `field`, `order`). Id lists
 * go to the database in slices (`chunks`), as the relation writer's do.
 */
import type { Model, PluginGround, ValidationIssue } from '@platform/core';
import { chunks, INSERT_CHUNK, missingRelationsIssue, relationIssue, storableIds, uniqueIds, type FieldInput, type FieldKind, type RelationInput } from '@platform/query-engine';
import { FILE_UID } from './file-content-type';
import type { MediaOptions } from './media-attribute';
import { mediaCategory, parseMediaValue } from './media-input';
import { morphTableName } from './morph-table';

type MediaItem = FieldInput<RelationInput>;

function wantedIds(input: RelationInput): number[] {
  return input.mode === 'set' ? uniqueIds(input.ids) : [];
}

function morphs(ground: PluginGround): string {
  return morphTableName(ground.models.get(FILE_UID));
}

/**
 * Checks that the files exist and have an allowed type, in one query for every media
 * attribute of the entry.
 */
async function checkMedia(ground: PluginGround, items: ReadonlyArray<MediaItem>): Promise<ValidationIssue[]> {
  const fileModel = ground.models.get(FILE_UID);
  const ids = uniqueIds(items.flatMap((item) => wantedIds(item.input)));
  if (ids.length === 0) return [];
  const rows: Array<{ id: number | string; mime?: string | null }> = [];
  for (const slice of chunks(storableIds(ids))) {
    const found: typeof rows = await ground.db.connection(fileModel.tableName).select(['id', 'mime']).whereIn('id', slice);
    rows.push(...found);
  }
  const files = new Map(rows.map((row) => [Number(row.id), row.mime ?? null]));
  const issues: ValidationIssue[] = [];
  for (const { field, input } of items) {
    const wanted = wantedIds(input);
    const missing = wanted.filter((id) => !files.has(id)).length;
    if (missing > 0) {
      issues.push(missingRelationsIssue(missing, FILE_UID));
      continue;
    }
    const { allowedTypes } = field.options as unknown as MediaOptions;
    if (!allowedTypes) continue;
    for (const id of wanted) {
      const mime = files.get(id);
      if (!mime) continue;
      if (!allowedTypes.includes(mediaCategory(mime))) {
        issues.push(relationIssue([field.name], `The file with id ${id} (${mime}) is not allowed in "${field.name}", which accepts: ${allowedTypes.join(', ')}`));
      }
    }
  }
  return issues;
}

/** Replaces (set) or trims (disconnect) the files linked to one attribute of an entry. */
async function writeMedia(ground: PluginGround, owner: Model, id: number, { field, input }: MediaItem): Promise<void> {
  const db = ground.db.connection;
  const table = morphs(ground);
  const scope = { related_id: id, related_type: owner.uid, field: field.name };
  if (input.mode === 'partial') {
    for (const slice of chunks(storableIds(input.disconnect))) await db(table).where(scope).whereIn('file_id', slice).delete();
    return;
  }
  await db(table).where(scope).delete();
  const rows = uniqueIds(input.ids).map((fileId, index) => ({ file_id: fileId, ...scope, order: index + 1 }));
  for (const slice of chunks(rows, INSERT_CHUNK)) await db(table).insert(slice);
}

/** Removes the morph rows of deleted entries, and of deleted files. */
async function deleteMedia(ground: PluginGround, model: Model, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const db = ground.db.connection;
  const table = morphs(ground);
  for (const slice of chunks(ids)) {
    await db(table).where('related_type', model.uid).whereIn('related_id', slice).delete();
    if (model.uid === FILE_UID) await db(table).whereIn('file_id', slice).delete();
  }
}

export const mediaKind: FieldKind<RelationInput> = {
  type: 'media',
  parse: parseMediaValue,
  check: checkMedia,
  write: writeMedia,
  deleteLinks: deleteMedia,
  link(ground, owner, field) {
    const target = ground.models.get(FILE_UID);
    return {
      table: morphTableName(target),
      ownerColumn: 'related_id',
      targetColumn: 'file_id',
      conditions: [
        ['related_type', owner.uid],
        ['field', field.name],
      ],
      orderColumn: 'order',
      target,
    };
  },
};
