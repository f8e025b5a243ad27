/**
 * Strapi v4's naming rules for tables and columns:
 * columns are the snake_case of attribute names; every relation lives in a link table
 * `<ownerTable>_<attr>_links`; components are joined through `<table>_components`.
 */
import crypto from 'node:crypto';
import snakeCaseLodash from 'lodash/snakeCase';

export function snakeCase(name: string): string {
  return snakeCaseLodash(name);
}

export function columnName(attributeName: string): string {
  return snakeCase(attributeName);
}

export function linkTableName(ownerTable: string, attributeName: string): string {
  return `${ownerTable}_${snakeCase(attributeName)}_links`;
}

export function componentJoinTableName(ownerTable: string): string {
  return `${ownerTable}_components`;
}

export function idColumn(singularName: string): string {
  return snakeCase(`${singularName}_id`);
}

export function orderColumn(singularName: string): string {
  return snakeCase(`${singularName}_order`);
}

/** Index names Strapi v4 gives a link table. */
export function linkIndexNames(linkTable: string) {
  return {
    fk: `${linkTable}_fk`,
    invFk: `${linkTable}_inv_fk`,
    orderFk: `${linkTable}_order_fk`,
    orderInvFk: `${linkTable}_order_inv_fk`,
    unique: `${linkTable}_unique`,
  };
}

/**
 * PostgreSQL keeps the first 63 bytes of a name: beyond that, two names that differ only at
 * their end would be one index. Extra names are kept under it.
 */
const MAX_EXTRA_NAME_BYTES = 63;

/**
 * The name of an index platform adds to a Strapi table beside Strapi's own (Strapi v4 never
 * uses the suffixes given here, so no name clashes with one of its indexes). A name too long
 * for PostgreSQL keeps the table's start and a hash of the whole table name before the suffix.
 */
export function extraIndexName(table: string, suffix: string): string {
  const name = `${table}_${suffix}`;
  if (Buffer.byteLength(name) <= MAX_EXTRA_NAME_BYTES) return name;
  const hash = crypto.createHash('md5').update(table).digest('hex').slice(0, 8);
  const keep = MAX_EXTRA_NAME_BYTES - suffix.length - hash.length - 2;
  return `${Buffer.from(table)
    .subarray(0, keep)
    .toString()
    .replace(/\uFFFD$/, '')}_${hash}_${suffix}`;
}

/**
 * Extra indexes of a link table, each one serving one side's ordered lists: the owner id then
 * the order of its targets (`list`), the target id then the order of its owners (`inv_list`).
 * A populate reads a side's lists for many parents at once in that order without sorting.
 */
export function linkListIndexNames(linkTable: string) {
  return { list: extraIndexName(linkTable, 'list_index'), invList: extraIndexName(linkTable, 'inv_list_index') };
}

/** Index names Strapi v4 gives a `<table>_components` join table (named after the entity table). */
export function componentJoinIndexNames(ownerTable: string) {
  return {
    field: `${ownerTable}_field_index`,
    componentType: `${ownerTable}_component_type_index`,
    entityFk: `${ownerTable}_entity_fk`,
    unique: `${ownerTable}_unique`,
  };
}
