import { expect } from 'chai';
import { groupBy } from './group-by';
import { indexObjectValues, isIndexObject, isPlainObject, parseBoolean } from './values';

describe('util: values', () => {
  it('isPlainObject takes object literals and null-prototype objects only', () => {
    expect(isPlainObject({})).to.equal(true);
    expect(isPlainObject(Object.create(null))).to.equal(true);
    for (const value of [null, undefined, [], new Date(), new Map(), 'x', 1, new (class A {})()]) expect(isPlainObject(value)).to.equal(false);
  });

  it('isIndexObject and indexObjectValues read a qs list given as an object, in index order', () => {
    expect(isIndexObject({ '10': 'c', '2': 'b', '0': 'a' })).to.equal(true);
    expect(indexObjectValues({ '10': 'c', '2': 'b', '0': 'a' })).to.deep.equal(['a', 'b', 'c']);
    for (const value of [{}, { a: 1 }, { '0': 1, x: 2 }, ['a'], null, 'x']) expect(isIndexObject(value)).to.equal(false);
  });

  it('parseBoolean reads true/t/1 and false/f/0, in any case unless asked otherwise', () => {
    for (const value of [true, 1, 1n, 'true', 't', '1', 'TRUE', 'T']) expect(parseBoolean(value), String(value)).to.equal(true);
    for (const value of [false, 0, 0n, 'false', 'f', '0', 'False', 'F']) expect(parseBoolean(value), String(value)).to.equal(false);
    for (const value of [2, -1, '', ' true', 'yes', 'constructor', null, undefined, {}, []]) expect(parseBoolean(value), String(value)).to.equal(null);
    expect(parseBoolean('TRUE', { caseSensitive: true })).to.equal(null);
    expect(parseBoolean('true', { caseSensitive: true })).to.equal(true);
  });

  it('groupBy keeps first-seen key order and item order', () => {
    const groups = groupBy(
      [
        ['b', 1],
        ['a', 2],
        ['b', 3],
      ] as const,
      ([k]) => k,
      ([, v]) => v,
    );
    expect([...groups]).to.deep.equal([
      ['b', [1, 3]],
      ['a', [2]],
    ]);
  });
});
