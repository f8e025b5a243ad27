import { expect } from 'chai';
import type { DatabaseClient } from '@platform/core';
import { applySort, parseSort } from './sort';
import { article, category, seo, stubEngine } from './spec-fixtures';

function sql(client: DatabaseClient, sort: unknown) {
  const { engine, knex } = stubEngine(client, [article, category, seo]);
  const qb = knex.queryBuilder().from('articles as t0').select('t0.id');
  applySort(engine, qb, article, 't0', sort, 'sort');
  return qb.toSQL().sql;
}

function error(sort: unknown) {
  try {
    sql('sqlite', sort);
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
  return null;
}

describe('applySort', () => {
  it('parses every form into paths and orders', () => {
    const expected = [
      { path: ['title'], order: 'asc' },
      { path: ['views'], order: 'desc' },
    ];
    expect(parseSort('title,views:desc')).to.deep.equal(expected);
    expect(parseSort(['title', 'views:DESC'])).to.deep.equal(expected);
    expect(parseSort({ 0: 'title:asc', 1: 'views:desc' })).to.deep.equal(expected);
    expect(parseSort({ title: 'asc', views: 'Desc' })).to.deep.equal(expected);
    expect(parseSort([{ title: 'asc' }, { views: 'desc' }])).to.deep.equal(expected);
    expect(parseSort('category.name:desc')).to.deep.equal([{ path: ['category', 'name'], order: 'desc' }]);
    expect(parseSort({ category: { name: 'desc' } })).to.deep.equal([{ path: ['category', 'name'], order: 'desc' }]);
    expect(parseSort('title, ,views:desc,')).to.deep.equal(expected);
    expect(parseSort(undefined)).to.deep.equal([]);
  });

  it('always ends with id asc; NULLs first ascending on PostgreSQL too', () => {
    expect(sql('sqlite', undefined)).to.equal('select `t0`.`id` from `articles` as `t0` order by `t0`.`id` asc');
    expect(sql('sqlite', 'views:desc')).to.equal('select `t0`.`id` from `articles` as `t0` order by `t0`.`views` desc, `t0`.`id` asc');
    expect(sql('postgres', 'views')).to.equal('select "t0"."id" from "articles" as "t0" order by "t0"."views" asc NULLS FIRST, "t0"."id" asc NULLS FIRST');
  });

  it('sorts through a relation with a correlated MIN/MAX, never a join', () => {
    expect(sql('sqlite', 'category.name:desc')).to.equal(
      'select `t0`.`id` from `articles` as `t0` order by (select MAX(`t0_s_2`.`name`) from `articles_category_links` as `t0_s_1` inner join `categories` as `t0_s_2` on `t0_s_2`.`id` = `t0_s_1`.`category_id` where `t0_s_1`.`article_id` = `t0`.`id`) desc, `t0`.`id` asc',
    );
    expect(sql('mysql', { seo: { metaTitle: 'asc' } })).to.contain('(select MIN(BINARY `t0_s_2`.`meta_title`) from `articles_components` as `t0_s_1`');
  });

  it('sorts text in binary order on every database, other types as they are', () => {
    expect(sql('sqlite', 'title:desc,views')).to.equal('select `t0`.`id` from `articles` as `t0` order by `t0`.`title` desc, `t0`.`views` asc, `t0`.`id` asc');
    expect(sql('mysql', 'title:desc,views')).to.equal('select `t0`.`id` from `articles` as `t0` order by BINARY `t0`.`title` desc, `t0`.`views` asc, `t0`.`id` asc');
    expect(sql('postgres', 'title:desc,views')).to.equal(
      'select "t0"."id" from "articles" as "t0" order by "t0"."title" COLLATE "C" desc NULLS LAST, "t0"."views" asc NULLS FIRST, "t0"."id" asc NULLS FIRST',
    );
    expect(sql('postgres', 'category.name')).to.contain('(select MIN("t0_s_2"."name" COLLATE "C") from');
  });

  it('rejects unknown, private, non-scalar fields and bad orders', () => {
    expect(error('nope')).to.equal('ValidationError: Invalid parameter nope');
    expect(error('secret:desc')).to.equal('ValidationError: Invalid parameter secret');
    expect(error('pass')).to.equal('ValidationError: Invalid parameter pass');
    expect(error('category')).to.equal('ValidationError: Invalid parameter category');
    expect(error('blocks.title')).to.equal('ValidationError: Invalid parameter blocks');
    expect(error('category.nope')).to.equal('ValidationError: Invalid parameter nope');
    expect(error('title:up')).to.equal('ValidationError: Invalid order. order can only be one of asc|desc|ASC|DESC');
    expect(error({ title: 'sideways' })).to.equal('ValidationError: Invalid order. order can only be one of asc|desc|ASC|DESC');
    expect(error('title:asc:desc')).to.equal('ValidationError: Invalid parameter title:asc:desc');
    expect(error(5)).to.equal('ValidationError: Invalid parameter 5');
  });
});
