/**
 * Where an attribute leads: the model a relation, component or media attribute reads, and the
 * upload plugin's file model with its polymorphic link table. Reads, writes and the REST shape
 * all name them through here.
 */
import type { Field, Model, ModelRegistry } from '@platform/core';

/** The file model the upload plugin provides; media attributes link to it. */
export const UPLOAD_FILE_UID = 'plugin::upload.file';

/**
 * The polymorphic table linking files to any entry or component (`file_id`, `related_id`,
 * `related_type` = the owner's uid, `field`, `order`), named after the file model's table.
 */
export function mediaMorphTable(file: Pick<Model, 'tableName'>): string {
  return `${file.tableName}_related_morphs`;
}

/** The uid of the model an attribute leads to; undefined for scalars and dynamic zones. */
export function targetUid(field: Field): string | undefined {
  switch (field.kind) {
    case 'relation':
      return field.target;
    case 'component':
      return field.component;
    case 'media':
      return UPLOAD_FILE_UID;
    default:
      return undefined;
  }
}

/** The model an attribute leads to (undefined: media without the upload plugin, scalars, zones). */
export function targetModel(models: ModelRegistry, field: Field): Model | undefined {
  const uid = targetUid(field);
  return uid === undefined ? undefined : models.find(uid);
}
