import { expect } from 'chai';
import { chunks, SQL_CHUNK } from './chunks';

describe('chunks', () => {
  it('slices a list in order, the last slice holding the rest', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).to.deep.equal([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).to.deep.equal([]);
    expect(chunks(Array.from({ length: SQL_CHUNK + 1 }, (_, i) => i)).map((slice) => slice.length)).to.deep.equal([SQL_CHUNK, 1]);
  });

  it('refuses a size that would loop forever', () => {
    expect(() => chunks([1], 0)).to.throw(RangeError, 'chunk size must be a positive integer (got 0)');
  });
});
