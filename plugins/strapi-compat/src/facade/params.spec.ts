import { expect } from 'chai';
import { fromEntityServiceParams, fromQueryParams } from './params';

describe("strapi-compat: Strapi's parameter dialects", () => {
  it("turns the entity service's start/limit and page/pageSize into pagination, seeing drafts and private attributes", () => {
    expect(fromEntityServiceParams({ filters: { a: 1 }, fields: ['a'], sort: 'a:desc', start: 5, limit: 10 })).to.deep.equal({
      filters: { a: 1 },
      fields: ['a'],
      sort: 'a:desc',
      includePrivate: true,
      includeHidden: true,
      pagination: { start: 5, limit: 10 },
    });
    expect(fromEntityServiceParams({ page: 2, pageSize: 3 })).to.deep.equal({ includePrivate: true, includeHidden: true, pagination: { page: 2, pageSize: 3 } });
  });

  it('leaves drafts to publicationState when the caller names one', () => {
    expect(fromEntityServiceParams({ publicationState: 'live' })).to.deep.equal({ publicationState: 'live', includePrivate: true });
  });

  it("turns the query engine's where/select/orderBy/offset/limit/populate into the engine's parameters", () => {
    expect(fromQueryParams({ where: { title: { $eq: 'x' } }, select: ['title'], orderBy: { title: 'asc' }, offset: 2, limit: 3, populate: { tags: true } }, false)).to.deep.equal({
      includePrivate: true,
      includeHidden: true,
      filters: { title: { $eq: 'x' } },
      fields: ['title'],
      sort: { title: 'asc' },
      populate: { tags: true },
      pagination: { start: 2, limit: 3 },
    });
  });

  it('reads every locale of a localized type, as the query engine reads rows as stored', () => {
    expect(fromQueryParams({}, true)).to.deep.equal({ includePrivate: true, includeHidden: true, locale: 'all' });
    expect(fromQueryParams(undefined, false)).to.deep.equal({ includePrivate: true, includeHidden: true });
  });
});
