import { expect } from 'chai';
import { INT4_RANGE, isStorableId, MAX_ID, parseId, storableIds } from './ids';

describe('query-engine: ids', () => {
  it('reads ids given as numbers or digit strings only', () => {
    expect(parseId(3)).to.equal(3);
    expect(parseId('12')).to.equal(12);
    expect(parseId('007')).to.equal(7);
    for (const bad of [0, -1, 1.5, '1.5', 'abc', '', ' 1', '1e3', '-1', true, null, undefined, {}, [1], Number.MAX_SAFE_INTEGER + 1, '99999999999999999999']) {
      expect(parseId(bad), JSON.stringify(bad)).to.equal(null);
    }
  });

  it('stores ids up to the 4-byte column maximum', () => {
    expect(MAX_ID).to.equal(2147483647);
    expect(INT4_RANGE).to.deep.equal({ min: -2147483648, max: 2147483647 });
    expect(isStorableId(2147483647)).to.equal(true);
    expect(isStorableId(2147483648)).to.equal(false);
    expect(storableIds([1, 2147483648, 5, 99999999999])).to.deep.equal([1, 5]);
  });
});
