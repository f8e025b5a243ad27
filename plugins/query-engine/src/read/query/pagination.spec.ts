import { expect } from 'chai';
import { normalizePagination, shortPageTotal } from './pagination';

const defaults = { defaultLimit: 25, maxLimit: 100 };
const run = (input: unknown, d: { defaultLimit: number; maxLimit?: number; withCount?: boolean } = defaults) => {
  const p = normalizePagination(input, d);
  return { offset: p.offset, limit: p.limit, withCount: p.withCount, meta: p.meta(60) };
};
const message = (input: unknown) => {
  try {
    normalizePagination(input, defaults);
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  return null;
};

describe('normalizePagination', () => {
  it('defaults to page 1 of defaultLimit with counts', () => {
    expect(run(undefined)).to.deep.equal({ offset: 0, limit: 25, withCount: true, meta: { page: 1, pageSize: 25, pageCount: 3, total: 60 } });
  });
  it('page mode: page and pageSize, clamped as Strapi v4', () => {
    expect(run({ page: '2', pageSize: '10' })).to.deep.include({ offset: 10, limit: 10, meta: { page: 2, pageSize: 10, pageCount: 6, total: 60 } });
    expect(run({ page: '0' }).meta).to.deep.equal({ page: 1, pageSize: 25, pageCount: 3, total: 60 });
    expect(run({ pageSize: '0' }).limit).to.equal(1);
    expect(run({ pageSize: '-1' }).limit).to.equal(1);
    expect(run({ pageSize: '1000' }).meta).to.deep.equal({ page: 1, pageSize: 100, pageCount: 1, total: 60 });
    expect(run({ page: 3 }, { defaultLimit: 200 }).meta).to.deep.equal({ page: 3, pageSize: 200, pageCount: 1, total: 60 });
  });
  it('offset mode: start and limit', () => {
    expect(run({ start: '5', limit: '10' })).to.deep.include({ offset: 5, limit: 10, meta: { start: 5, limit: 10, total: 60 } });
    expect(run({ start: '-3' }).meta).to.deep.equal({ start: 0, limit: 25, total: 60 });
    expect(run({ limit: '0' }).meta).to.deep.equal({ start: 0, limit: 1, total: 60 });
    expect(run({ limit: '-1' })).to.deep.include({ limit: 100, meta: { start: 0, limit: 100, total: 60 } });
    expect(run({ limit: '-1' }, { defaultLimit: 25 })).to.deep.include({ limit: null, meta: { start: 0, limit: -1, total: 60 } });
    expect(run({ limit: '500' }).limit).to.equal(100);
    expect(run({ limit: '-7' }).limit).to.equal(1);
  });
  it('withCount=false drops the counts; config default applies', () => {
    expect(run({ withCount: 'false' }).meta).to.deep.equal({ page: 1, pageSize: 25 });
    expect(run({ start: 0, withCount: 'f' }).meta).to.deep.equal({ start: 0, limit: 25 });
    expect(run({}, { defaultLimit: 25, withCount: false }).withCount).to.equal(false);
    for (const yes of ['t', '1', 'true', true]) expect(run({ withCount: yes }).withCount).to.equal(true);
    for (const no of ['f', '0', 'false', false]) expect(run({ withCount: no }).withCount).to.equal(false);
  });
  it('rejects mixing, bad withCount, non-numeric values and non-objects', () => {
    expect(message({ page: 1, limit: 2 })).to.deep.equal({ name: 'ValidationError', message: 'Invalid pagination parameters. Expected either start/limit or page/pageSize' });
    expect(message({ withCount: 'maybe' })).to.deep.equal({ name: 'ValidationError', message: 'Invalid withCount parameter. Expected "t","1","true","false","0","f"' });
    expect(message({ page: 'abc' })).to.deep.equal({ name: 'ValidationError', message: "Invalid 'page' parameter. Expected an integer, received: abc" });
    expect(message({ limit: '1.5' })).to.deep.equal({ name: 'ValidationError', message: "Invalid 'limit' parameter. Expected an integer, received: 1.5" });
    expect(message({ start: 'Infinity' })?.message).to.equal("Invalid 'start' parameter. Expected an integer, received: Infinity");
    expect(message('5')).to.deep.equal({ name: 'ValidationError', message: 'Invalid parameter pagination' });
    expect(message({ page: '2' })).to.equal(null);
  });
  it('answers 0 pages for an empty result', () => {
    expect(normalizePagination({}, defaults).meta(0)).to.deep.equal({ page: 1, pageSize: 25, pageCount: 0, total: 0 });
  });
});

describe('shortPageTotal', () => {
  it('tells the total from a page that came back short of its limit, and only then', () => {
    expect(shortPageTotal({ offset: 0, limit: 25 }, 3)).to.equal(3);
    expect(shortPageTotal({ offset: 0, limit: 25 }, 0)).to.equal(0);
    expect(shortPageTotal({ offset: 50, limit: 25 }, 7)).to.equal(57);
    expect(shortPageTotal({ offset: 10, limit: null }, 4)).to.equal(14);
    // a full page: more rows may follow
    expect(shortPageTotal({ offset: 0, limit: 25 }, 25)).to.equal(null);
    // past the last row: the total is anything up to the offset
    expect(shortPageTotal({ offset: 50, limit: 25 }, 0)).to.equal(null);
    expect(shortPageTotal({ offset: 50, limit: null }, 0)).to.equal(null);
  });
});
