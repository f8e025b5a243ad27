import { expect } from 'chai';
import type { DatabaseClient } from '@platform/core';
import { applyFilters } from './index';
import { castValue } from './cast';
import { escapeLike } from './operators';
import { article, asset, category, seo, stubEngine } from '../spec-fixtures';
import { shapeKey } from '../shape-key';
import { SQL_CONDITION, sqlFilter, type SqlCondition } from '../../../types';

function sql(client: DatabaseClient, filters: unknown, options = {}, models = [article, category, seo]) {
  const { engine, knex } = stubEngine(client, models);
  const qb = knex.queryBuilder().from('articles as t0').select('t0.id');
  applyFilters(engine, qb, article, 't0', filters, 'filters', options);
  const compiled = qb.toSQL();
  return { sql: compiled.sql, bindings: compiled.bindings };
}

function error(filters: unknown, options = {}) {
  try {
    sql('sqlite', filters, options);
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
  return null;
}

describe('applyFilters', () => {
  it('compiles an implicit $eq, case-sensitive on every database', () => {
    expect(sql('sqlite', { title: 'A' })).to.deep.equal({ sql: 'select `t0`.`id` from `articles` as `t0` where `t0`.`title` = ?', bindings: ['A'] });
    expect(sql('mysql', { title: 'A' }).sql).to.equal('select `t0`.`id` from `articles` as `t0` where BINARY `t0`.`title` = ?');
    expect(sql('postgres', { title: 'A' }).sql).to.equal('select "t0"."id" from "articles" as "t0" where "t0"."title" COLLATE "C" = ?');
  });

  it('compiles $contains without LIKE on SQLite, with LIKE BINARY on MariaDB, escaping wildcards', () => {
    expect(sql('sqlite', { title: { $contains: '5%_!' } })).to.deep.equal({ sql: 'select `t0`.`id` from `articles` as `t0` where instr(`t0`.`title`, ?) > 0', bindings: ['5%_!'] });
    expect(sql('mysql', { title: { $contains: '5%_!' } })).to.deep.equal({ sql: "select `t0`.`id` from `articles` as `t0` where `t0`.`title` LIKE BINARY ? ESCAPE '!'", bindings: ['%5!%!_!!%'] });
    expect(sql('postgres', { title: { $startsWithi: 'Ab' } })).to.deep.equal({ sql: `select "t0"."id" from "articles" as "t0" where LOWER("t0"."title") LIKE LOWER(?) ESCAPE '!'`, bindings: ['Ab%'] });
    expect(escapeLike('a!b%c_d')).to.equal('a!!b!%c!_d');
  });

  it('casts values per attribute type and binds them', () => {
    expect(sql('sqlite', { views: { $gt: '10' }, featured: 'true' }).bindings).to.deep.equal([10, true]);
    expect(sql('sqlite', { createdAt: { $lt: '2024-01-01T00:00:00.000Z' } }).bindings).to.deep.equal([new Date('2024-01-01T00:00:00.000Z')]);
    expect(castValue('date', '2024-01-02T10:00:00Z', 'k')).to.equal('2024-01-02');
    expect(castValue('time', '10:20', 'k')).to.equal('10:20:00.000');
    expect(castValue('biginteger', '9007199254740993', 'k')).to.equal('9007199254740993');
    expect(castValue('boolean', 'f', 'k')).to.equal(false);
  });

  it('turns relation, component and plugin-provided attribute conditions into id IN (subquery)', () => {
    expect(sql('sqlite', { category: { name: 'News' } })).to.deep.equal({
      sql: 'select `t0`.`id` from `articles` as `t0` where `t0`.`id` in (select `t0_1`.`article_id` from `articles_category_links` as `t0_1` inner join `categories` as `t0_2` on `t0_2`.`id` = `t0_1`.`category_id` where +`t0_1`.`article_id` is not null and `t0_2`.`name` = ?)',
      bindings: ['News'],
    });
    expect(sql('sqlite', { category: 3 }).bindings).to.deep.equal([3]);
    expect(sql('sqlite', { seo: { metaTitle: 'x' } })).to.deep.equal({
      sql: 'select `t0`.`id` from `articles` as `t0` where `t0`.`id` in (select `t0_1`.`entity_id` from `articles_components` as `t0_1` inner join `components_shared_seos` as `t0_2` on `t0_2`.`id` = `t0_1`.`component_id` where `t0_1`.`field` = ? and `t0_1`.`component_type` = ? and +`t0_1`.`entity_id` is not null and `t0_2`.`meta_title` = ?)',
      bindings: ['seo', 'shared.seo', 'x'],
    });
    expect(sql('sqlite', { cover: { name: 'a.png' } }, {}, [article, category, seo, asset])).to.deep.equal({
      sql: 'select `t0`.`id` from `articles` as `t0` where `t0`.`id` in (select `t0_1`.`related_id` from `assets_related` as `t0_1` inner join `assets` as `t0_2` on `t0_2`.`id` = `t0_1`.`asset_id` where `t0_1`.`related_type` = ? and `t0_1`.`field` = ? and +`t0_1`.`related_id` is not null and `t0_2`.`name` = ?)',
      bindings: ['api::article.article', 'cover', 'a.png'],
    });
  });

  it('compiles $or, $and, $not and $null on a relation', () => {
    expect(sql('sqlite', { $or: { 0: { views: 1 }, 1: { $not: { title: 'x' } } } }).sql).to.equal('select `t0`.`id` from `articles` as `t0` where ((`t0`.`views` = ?) or (not (`t0`.`title` = ?)))');
    expect(sql('sqlite', { category: { $null: 'true' } }).sql).to.equal(
      'select `t0`.`id` from `articles` as `t0` where `t0`.`id` not in (select `t0_1`.`article_id` from `articles_category_links` as `t0_1` inner join `categories` as `t0_2` on `t0_2`.`id` = `t0_1`.`category_id` where +`t0_1`.`article_id` is not null)',
    );
  });

  it('tests each row with a correlated EXISTS on MySQL and MariaDB', () => {
    expect(sql('mysql', { category: { name: 'News' }, seo: { $null: true } })).to.deep.equal({
      sql:
        'select `t0`.`id` from `articles` as `t0` where exists (select `t0_1`.`article_id` from `articles_category_links` as `t0_1` inner join `categories` as `t0_2` on `t0_2`.`id` = `t0_1`.`category_id` where `t0_1`.`article_id` = `t0`.`id` and BINARY `t0_2`.`name` = ?)' +
        ' and not exists (select `t0_3`.`entity_id` from `articles_components` as `t0_3` inner join `components_shared_seos` as `t0_4` on `t0_4`.`id` = `t0_3`.`component_id` where `t0_3`.`field` = ? and `t0_3`.`component_type` = ? and `t0_3`.`entity_id` = `t0`.`id`)',
      bindings: ['News', 'seo', 'shared.seo'],
    });
    expect(sql('postgres', { category: { name: 'News' } }).sql).to.match(
      /^select "t0"."id" from "articles" as "t0" where "t0"."id" in \(select "t0_1"."article_id" from .* where "t0_1"."article_id" is not null and /,
    );
  });

  it('scopes a related content-type like a populated level when the root params are given', () => {
    const { engine, knex } = stubEngine('sqlite');
    engine.hooks.scope.tap('spec', (context) => {
      if (context.model.uid === 'api::category.category' && context.level === 'populate') context.filters.push({ name: { $ne: 'Hidden' } });
    });
    const qb = knex.queryBuilder().from('articles as t0').select('t0.id');
    applyFilters(engine, qb, article, 't0', { category: { name: 'News' } }, 'filters', { params: {} });
    expect(qb.toSQL().sql).to.equal(
      'select `t0`.`id` from `articles` as `t0` where `t0`.`id` in (select `t0_1`.`article_id` from `articles_category_links` as `t0_1` inner join `categories` as `t0_2` on `t0_2`.`id` = `t0_1`.`category_id` where +`t0_1`.`article_id` is not null and NOT (`t0_2`.`name` = ?) and `t0_2`.`name` = ?)',
    );
    const unscoped = knex.queryBuilder().from('articles as t0').select('t0.id');
    applyFilters(engine, unscoped, article, 't0', { category: { name: 'News' } }, 'filters');
    expect(unscoped.toSQL().bindings).to.deep.equal(['News']);
  });

  it("adds an internal caller's SQL condition as it is, on its level's alias, AND-ed and parenthesized", () => {
    const viewed: SqlCondition = (qb, alias) => void qb.whereRaw('?? > ?', [`${alias}.views`, 0]);
    expect(sql('sqlite', { title: 'A', ...sqlFilter(viewed) })).to.deep.equal({ sql: 'select `t0`.`id` from `articles` as `t0` where (`t0`.`views` > ?) and `t0`.`title` = ?', bindings: [0, 'A'] });
    expect(sql('sqlite', { $not: sqlFilter(viewed) }).sql).to.equal('select `t0`.`id` from `articles` as `t0` where not ((`t0`.`views` > ?))');
    // an $or branch holding one is never merged with another branch on the same relation
    expect(sql('sqlite', { $or: [{ category: { name: 'a' } }, { category: { name: 'b' }, ...sqlFilter(viewed) }] }).bindings).to.deep.equal(['a', 0, 'b']);
    expect(() => sql('sqlite', { [SQL_CONDITION]: 'views > 0' })).to.throw(TypeError);
    // a statement built with one is never cached: its key cannot name it
    expect(shapeKey(['list', [sqlFilter(viewed)]])).to.equal(null);
  });

  it('answers Invalid parameter for keys a request may not use', () => {
    expect(error({ nope: 1 })).to.equal('ValidationError: Invalid parameter nope');
    expect(error({ secret: 'x' })).to.equal('ValidationError: Invalid parameter secret');
    expect(error({ pass: { $startsWith: '$2' } })).to.equal('ValidationError: Invalid parameter pass');
    expect(error({ blocks: { title: 'x' } })).to.equal('ValidationError: Invalid parameter blocks');
    expect(error({ cover: { name: 'x' } })).to.equal('ValidationError: Invalid parameter cover');
    expect(error({ $eq: 1 })).to.equal('ValidationError: Invalid parameter $eq');
    expect(error({ title: { $foo: 1 } })).to.equal('ValidationError: Invalid parameter $foo');
    expect(error({ title: { bogus: 1 } })).to.equal('ValidationError: Invalid parameter bogus');
    expect(error({ category: { nope: 1 } })).to.equal('ValidationError: Invalid parameter nope');
    expect(error({ $or: 'x' })).to.equal('ValidationError: Invalid parameter $or');
    expect(error({ views: { $between: [1] } })).to.equal('ValidationError: Invalid parameter $between');
    expect(error({ views: { $gt: 'ten' } })).to.equal('ValidationError: Invalid parameter $gt');
    expect(error({ featured: 'maybe' })).to.equal('ValidationError: Invalid parameter $eq');
    // an object with another prototype is no filter object (its inherited keys are never read)
    expect(error({ __proto__: { x: 1 } })).to.equal('ValidationError: Invalid parameter filters');
    expect(error(JSON.parse('{"__proto__": {"x": 1}}'))).to.equal('ValidationError: Invalid parameter __proto__');
    expect(error('title')).to.equal('ValidationError: Invalid parameter filters');
    expect(error({ secret: 'x' }, { includePrivate: true })).to.equal(null);
  });
});
