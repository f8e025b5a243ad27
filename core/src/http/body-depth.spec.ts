import { expect } from 'chai';
import { bodyDepthExceeds } from './body-depth';

describe('bodyDepthExceeds', () => {
  const nest = (levels: number) => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
    return value;
  };

  it('accepts bodies up to the limit', () => {
    expect(bodyDepthExceeds({ data: { title: 'x', seo: { tags: [{ name: 'n' }] } } }, 64)).to.equal(false);
    expect(bodyDepthExceeds(nest(64), 64)).to.equal(false);
    expect(bodyDepthExceeds('plain', 1)).to.equal(false);
  });

  it('rejects deeper bodies without recursion', () => {
    expect(bodyDepthExceeds(nest(65), 64)).to.equal(true);
    expect(bodyDepthExceeds(nest(100000), 64)).to.equal(true);
  });
});
