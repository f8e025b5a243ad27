/**
 * The link lines of an app: every link table read from its owning side (keyset pages on the
 * table's id), and the files' polymorphic links, in the shapes `strapi export` writes.
 */
import type { Model, RelationField } from '@platform/core';
import type { LinkLine } from './format';
import { FILE_UID, type TransferContext } from './transfer-context';

type Row = Record<string, unknown>;

async function* pages(context: TransferContext, table: string, pageSize: number): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = (await context.knex(table).select('*').where('id', '>', after).orderBy('id').limit(pageSize)) as Row[];
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1]?.id);
    if (rows.length < pageSize) return;
  }
}

function position(value: unknown): { pos?: number } {
  return value === null || value === undefined ? {} : { pos: Number(value) };
}

function relationLine(model: Model, field: RelationField, row: Row): LinkLine {
  const { link } = field;
  return {
    kind: field.target === model.uid ? 'relation.circular' : 'relation.basic',
    relation: field.relation,
    left: { type: model.uid, field: field.name, ref: Number(row[link.ownerColumn]), ...position(link.targetOrderColumn ? row[link.targetOrderColumn] : null) },
    right: { type: field.target, ...(field.inverse ? { field: field.inverse } : {}), ref: Number(row[link.targetColumn]), ...position(link.ownerOrderColumn ? row[link.ownerOrderColumn] : null) },
  };
}

export async function* readLinks(context: TransferContext, models: Model[], pageSize: number): AsyncGenerator<LinkLine> {
  for (const model of models) {
    for (const field of model.fields.values()) {
      if (field.kind !== 'relation' || !field.owner) continue;
      for await (const rows of pages(context, field.link.name, pageSize)) for (const row of rows) yield relationLine(model, field, row);
    }
  }
  if (!context.morphTable) return;
  for await (const rows of pages(context, context.morphTable, pageSize)) {
    for (const row of rows) {
      yield {
        kind: 'relation.morph',
        relation: 'morphToMany',
        left: { type: FILE_UID, field: 'related', ref: Number(row.file_id) },
        right: { type: String(row.related_type), field: String(row.field), ref: Number(row.related_id), ...position(row.order) },
      };
    }
  }
}
