/**
 * `files_related_morphs`: the polymorphic links from files to any entry or component, with
 * Strapi v4's columns and indexes (`file_id`, `related_id`, `related_type` = the owner's uid,
 * `field` = the attribute, `order`). Its name follows the file model's table.
 */
import type { Model, ModelRegistry, StorageTable } from '@platform/core';
import { FILE_UID } from './file-content-type';

export function morphTableName(file: Pick<Model, 'tableName'>): string {
  return `${file.tableName}_related_morphs`;
}

export function morphTable(models: ModelRegistry): StorageTable {
  const file = models.get(FILE_UID);
  const name = morphTableName(file);
  return {
    name,
    columns: [
      { name: 'file_id', kind: 'integer', unsigned: true },
      { name: 'related_id', kind: 'integer', unsigned: true },
      { name: 'related_type', kind: 'string' },
      { name: 'field', kind: 'string' },
      { name: 'order', kind: 'double' },
    ],
    indexes: [
      { name: `${name}_fk`, columns: ['file_id'], unique: false },
      { name: `${name}_order_index`, columns: ['order'], unique: false },
      { name: `${name}_id_column_index`, columns: ['related_id'], unique: false },
    ],
    foreignKeys: [{ name: `${name}_fk`, column: 'file_id', referencedTable: file.tableName }],
  };
}
