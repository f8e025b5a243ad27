/**
 * Subqueries that lead from an owner row to its related rows, for every kind of link: relation
 * link tables, the `<table>_components` join (components), and the tables field kinds declare
 * for attributes of plugin-provided types. Filters use them as `id IN (SELECT owner ...)` and
 * sort as correlated aggregates, so a root row is never duplicated by a join.
 */
import type { Knex } from 'knex';
import type { ComponentField, ExtensionField, Model, RelationField } from '@platform/core';
import type { Engine } from '../../engine';
import { invalidParameter } from './errors';

/** Hands out short aliases that never collide within one query (`t0_1`, `t0_2`, ...). */
export class AliasCounter {
  private n = 0;
  constructor(private readonly base: string) {}
  next(): string {
    this.n += 1;
    return `${this.base}_${this.n}`;
  }
}

export interface LinkHop {
  /** `SELECT ... FROM link JOIN target`, conditions still to add */
  qb: Knex.QueryBuilder;
  /** `link.owner_column`: holds the owner's id */
  ownerRef: string;
  /** alias of the target table in `qb` */
  targetAlias: string;
  target: Model;
}

export type LinkField = RelationField | ComponentField | ExtensionField;

/**
 * One link between an owner row and its target rows: the table holding the pairs, its owner
 * and target columns, and the conditions that pick this attribute's pairs in a shared table.
 */
interface Link {
  table: string;
  ownerColumn: string;
  targetColumn: string;
  conditions: ReadonlyArray<readonly [column: string, value: string]>;
  target: Model;
}

/** The link of `model`'s attribute `field`. Throws 400 if there is none (a kind that declares no link). */
function linkOf(engine: Engine, model: Model, field: LinkField): Link {
  if (field.kind === 'relation') {
    const target = engine.ctx.models.get(field.target);
    return { table: field.link.name, ownerColumn: field.selfColumn, targetColumn: field.otherColumn, conditions: [], target };
  }
  if (field.kind === 'component') {
    const join = model.componentJoin;
    const target = engine.ctx.models.find(field.component);
    if (!join || !target) throw invalidParameter(field.name);
    const conditions: Link['conditions'] = [
      [join.fieldColumn, field.name],
      [join.typeColumn, field.component],
    ];
    return { table: join.name, ownerColumn: join.entityColumn, targetColumn: join.componentColumn, conditions, target };
  }
  const link = engine.fieldKinds.of(field).link(engine.ctx, model, field);
  if (!link) throw invalidParameter(field.name);
  return link;
}

/** The hop from `model` through `field` to the target rows. Throws 400 if there is no such link. */
export function linkHop(engine: Engine, model: Model, field: LinkField, aliases: AliasCounter): LinkHop {
  const { table, ownerColumn, targetColumn, conditions, target } = linkOf(engine, model, field);
  const link = aliases.next();
  const targetAlias = aliases.next();
  const qb = engine.ctx.db.knex.queryBuilder().from(`${table} as ${link}`).join(`${target.tableName} as ${targetAlias}`, `${targetAlias}.id`, `${link}.${targetColumn}`);
  for (const [column, value] of conditions) qb.where(`${link}.${column}`, value);
  return { qb, ownerRef: `${link}.${ownerColumn}`, targetAlias, target };
}

/** Appends the joins of one more hop to a subquery already reading `fromAlias` (a `model` row). */
export function joinHop(engine: Engine, qb: Knex.QueryBuilder, model: Model, fromAlias: string, field: LinkField, aliases: AliasCounter): { targetAlias: string; target: Model } {
  const { table, ownerColumn, targetColumn, conditions, target } = linkOf(engine, model, field);
  const link = aliases.next();
  const targetAlias = aliases.next();
  qb.join(`${table} as ${link}`, (on) => {
    on.on(`${link}.${ownerColumn}`, '=', `${fromAlias}.id`);
    for (const [column, value] of conditions) on.andOnVal(`${link}.${column}`, '=', value);
  }).join(`${target.tableName} as ${targetAlias}`, `${targetAlias}.id`, `${link}.${targetColumn}`);
  return { targetAlias, target };
}
