import { expect } from 'chai';
import { statementTargets } from './invalidation';

describe('cache invalidation: write statements', () => {
  const owners = new Map([
    ['articles', 'api::article.article'],
    ['articles_tags_links', 'api::article.article'],
  ]);

  it('maps a written table to its model, on every dialect', () => {
    expect(statementTargets('insert into `articles` (`title`) values (?)', owners)).to.deep.equal(['api::article.article']);
    expect(statementTargets('update "articles" set "title" = $1', owners)).to.deep.equal(['api::article.article']);
    expect(statementTargets('delete from "articles_tags_links" where 1', owners)).to.deep.equal(['api::article.article']);
    expect(statementTargets('insert or ignore into articles values (1)', owners)).to.deep.equal(['api::article.article']);
  });

  it('a read changes nothing; a table no model owns, or a statement it cannot read, changes everything', () => {
    expect(statementTargets('select * from "articles"', owners)).to.deep.equal([]);
    expect(statementTargets('BEGIN', owners)).to.deep.equal([]);
    expect(statementTargets('update "strapi_core_store_settings" set value = 1', owners)).to.deep.equal(['*']);
    expect(statementTargets('with x as (select 1) delete from articles', owners)).to.deep.equal(['*']);
    expect(statementTargets('truncate articles', owners)).to.deep.equal(['*']);
  });
});
