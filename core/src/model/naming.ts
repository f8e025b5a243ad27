/**
 * Strapi v4's naming rules for tables and columns:
 * columns are the snake_case of attribute names; every relation lives in a link table
 * `<ownerTable>_<attr>_links`; components are joined through `<table>_components`.
 */
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

/** Index names Strapi v4 gives a `<table>_components` join table (named after the entity table). */
export function componentJoinIndexNames(ownerTable: string) {
  return {
    field: `${ownerTable}_field_index`,
    componentType: `${ownerTable}_component_type_index`,
    entityFk: `${ownerTable}_entity_fk`,
    unique: `${ownerTable}_unique`,
  };
}
