import { expect } from 'chai';
import { matches } from './rest-middleware';

describe('If-None-Match', () => {
  it('matches the ETag among a list, weakly, or *', () => {
    expect(matches('"a"', '"a"')).to.equal(true);
    expect(matches('"x", W/"a"', '"a"')).to.equal(true);
    expect(matches('*', '"a"')).to.equal(true);
    expect(matches('"b"', '"a"')).to.equal(false);
    expect(matches('', '"a"')).to.equal(false);
  });
});
