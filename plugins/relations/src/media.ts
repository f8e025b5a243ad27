/**
 * Media attributes: links from an entry (or a component) to upload files, stored as
 * polymorphic rows of `files_related_morphs` (`file_id`, `related_id`, `related_type` = the
 * owner's uid, `field`, `order`). Only active when a `plugin::upload.file` model exists.
 */
import type { MediaField, Model, PluginContext, ValidationIssue } from '@platform/core';
import { mediaMorphTable, storableIds, UPLOAD_FILE_UID } from '@platform/query-engine';
import { missingRelationsIssue, relationIssue } from './issues';
import { invalidInput, parseRelationValue, toSingle, uniqueIds, type RelationInput } from './parse-input';

/** The files' polymorphic link table, named after the upload plugin's file table. */
function morphTable(platform: PluginContext): string {
  return mediaMorphTable(platform.models.get(UPLOAD_FILE_UID));
}

/** The category an `allowedTypes` entry names, from a file's mime type. */
export function mediaCategory(mime: string): 'images' | 'videos' | 'audios' | 'files' {
  if (mime.startsWith('image/')) return 'images';
  if (mime.startsWith('video/')) return 'videos';
  if (mime.startsWith('audio/')) return 'audios';
  return 'files';
}

export interface MediaInput {
  field: MediaField;
  input: RelationInput;
}

/** Reads a media value: plain ids, arrays, null/[] and `set`/`disconnect`; `connect` is refused. */
export function parseMediaValue(field: MediaField, value: unknown): RelationInput {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && (value as Record<string, unknown>).connect !== undefined) {
    throw invalidInput(field.name, `"connect" cannot be used for the media attribute "${field.name}"; send the file ids or "set"`);
  }
  const input = parseRelationValue(field.name, value);
  return field.multiple ? input : toSingle(input);
}

function wantedIds(input: RelationInput): number[] {
  return input.mode === 'set' ? uniqueIds(input.ids) : [];
}

/**
 * Checks that the files exist and have an allowed type. Returns the validation issues, so the
 * writer can report every attribute's problems in one error.
 */
export async function checkMedia(platform: PluginContext, items: MediaInput[]): Promise<ValidationIssue[]> {
  const fileModel = platform.models.get(UPLOAD_FILE_UID);
  const ids = uniqueIds(items.flatMap((item) => wantedIds(item.input)));
  if (ids.length === 0) return [];
  const candidates = storableIds(ids);
  const hasMime = fileModel.fields.has('mime');
  const rows: Array<{ id: number | string; mime?: string | null }> =
    candidates.length === 0 ? [] : await platform.db.connection(fileModel.tableName).select(hasMime ? ['id', 'mime'] : ['id']).whereIn('id', candidates);
  const files = new Map(rows.map((row) => [Number(row.id), row.mime ?? null]));
  const issues: ValidationIssue[] = [];
  for (const { field, input } of items) {
    const wanted = wantedIds(input);
    const missing = wanted.filter((id) => !files.has(id)).length;
    if (missing > 0) {
      issues.push(missingRelationsIssue(missing, UPLOAD_FILE_UID));
      continue;
    }
    if (!field.allowedTypes) continue;
    for (const id of wanted) {
      const mime = files.get(id);
      if (!mime) continue;
      const category = mediaCategory(mime);
      if (!field.allowedTypes.includes(category)) {
        issues.push(relationIssue([field.name], `The file with id ${id} (${mime}) is not allowed in "${field.name}", which accepts: ${field.allowedTypes.join(', ')}`));
      }
    }
  }
  return issues;
}

/** Replaces (set) or trims (disconnect) the files linked to one attribute of an entry. */
export async function writeMedia(platform: PluginContext, model: Model, id: number, { field, input }: MediaInput): Promise<void> {
  const db = platform.db.connection;
  const morphs = morphTable(platform);
  const scope = { related_id: id, related_type: model.uid, field: field.name };
  if (input.mode === 'partial') {
    const disconnect = storableIds(input.disconnect);
    if (disconnect.length > 0) await db(morphs).where(scope).whereIn('file_id', disconnect).delete();
    return;
  }
  await db(morphs).where(scope).delete();
  const ids = uniqueIds(input.ids);
  if (ids.length === 0) return;
  await db(morphs).insert(ids.map((fileId, index) => ({ file_id: fileId, ...scope, order: index + 1 })));
}

/** Removes the morph rows of deleted entries, and of deleted files. */
export async function deleteMedia(platform: PluginContext, model: Model, ids: number[]): Promise<void> {
  if (!platform.models.has(UPLOAD_FILE_UID) || ids.length === 0) return;
  const db = platform.db.connection;
  const morphs = morphTable(platform);
  await db(morphs).where('related_type', model.uid).whereIn('related_id', ids).delete();
  if (model.uid === UPLOAD_FILE_UID) await db(morphs).whereIn('file_id', ids).delete();
}
