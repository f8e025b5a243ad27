/**
 * Subqueries that lead from an owner row to its related rows, for the three kinds of link in
 * Strapi v4's layout: relation link tables, the `<table>_components` join (components), and
 * `files_related_morphs` (media). Filters use them as `id IN (SELECT owner ...)` and sort as
 * correlated aggregates, so a root row is never duplicated by a join.
 */
import type { Knex } from 'knex';
import type { ComponentField, MediaField, Model, RelationField } from '@platform/core';
import type { Engine } from '../../engine';
import { invalidParameter } from './errors';
import { mediaMorphTable, UPLOAD_FILE_UID } from '../../link-targets';

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

type LinkField = RelationField | ComponentField | MediaField;

/** The hop from `model` through `field` to the target rows. Throws 400 if there is no such link. */
export function linkHop(engine: Engine, model: Model, field: LinkField, aliases: AliasCounter): LinkHop {
  const knex = engine.platform.db.knex;
  const link = aliases.next();
  const targetAlias = aliases.next();
  if (field.kind === 'relation') {
    const target = engine.platform.models.get(field.target);
    const qb = knex
      .queryBuilder()
      .from(`${field.link.name} as ${link}`)
      .join(`${target.tableName} as ${targetAlias}`, `${targetAlias}.id`, `${link}.${field.otherColumn}`);
    return { qb, ownerRef: `${link}.${field.selfColumn}`, targetAlias, target };
  }
  if (field.kind === 'component') {
    const join = model.componentJoin;
    const target = engine.platform.models.find(field.component);
    if (!join || !target) throw invalidParameter(field.name);
    const qb = knex
      .queryBuilder()
      .from(`${join.name} as ${link}`)
      .join(`${target.tableName} as ${targetAlias}`, `${targetAlias}.id`, `${link}.${join.componentColumn}`)
      .where(`${link}.${join.fieldColumn}`, field.name)
      .where(`${link}.${join.typeColumn}`, field.component);
    return { qb, ownerRef: `${link}.${join.entityColumn}`, targetAlias, target };
  }
  const target = engine.platform.models.find(UPLOAD_FILE_UID);
  if (!target) throw invalidParameter(field.name);
  const qb = knex
    .queryBuilder()
    .from(`${mediaMorphTable(target)} as ${link}`)
    .join(`${target.tableName} as ${targetAlias}`, `${targetAlias}.id`, `${link}.file_id`)
    .where(`${link}.related_type`, model.uid)
    .where(`${link}.field`, field.name);
  return { qb, ownerRef: `${link}.related_id`, targetAlias, target };
}

/** Appends the joins of one more hop to a subquery already reading `fromAlias` (a `model` row). */
export function joinHop(engine: Engine, qb: Knex.QueryBuilder, model: Model, fromAlias: string, field: LinkField, aliases: AliasCounter): { targetAlias: string; target: Model } {
  const link = aliases.next();
  const targetAlias = aliases.next();
  if (field.kind === 'relation') {
    const target = engine.platform.models.get(field.target);
    qb.join(`${field.link.name} as ${link}`, `${link}.${field.selfColumn}`, `${fromAlias}.id`)
      .join(`${target.tableName} as ${targetAlias}`, `${targetAlias}.id`, `${link}.${field.otherColumn}`);
    return { targetAlias, target };
  }
  if (field.kind === 'component') {
    const join = model.componentJoin;
    const target = engine.platform.models.find(field.component);
    if (!join || !target) throw invalidParameter(field.name);
    qb.join(`${join.name} as ${link}`, (on) => {
      on.on(`${link}.${join.entityColumn}`, '=', `${fromAlias}.id`)
        .andOnVal(`${link}.${join.fieldColumn}`, '=', field.name)
        .andOnVal(`${link}.${join.typeColumn}`, '=', field.component);
    }).join(`${target.tableName} as ${targetAlias}`, `${targetAlias}.id`, `${link}.${join.componentColumn}`);
    return { targetAlias, target };
  }
  const target = engine.platform.models.find(UPLOAD_FILE_UID);
  if (!target) throw invalidParameter(field.name);
  qb.join(`${mediaMorphTable(target)} as ${link}`, (on) => {
    on.on(`${link}.related_id`, '=', `${fromAlias}.id`)
      .andOnVal(`${link}.related_type`, '=', model.uid)
      .andOnVal(`${link}.field`, '=', field.name);
  }).join(`${target.tableName} as ${targetAlias}`, `${targetAlias}.id`, `${link}.file_id`);
  return { targetAlias, target };
}
