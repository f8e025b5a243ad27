import { expect } from 'chai';
import { containsNul } from './nul-character';

describe('containsNul', () => {
  it('finds a NUL in a string, a nested value or a key', () => {
    expect(containsNul('a\u0000b')).to.equal(true);
    expect(containsNul({ data: { blocks: [{ title: 'x' }, { title: 'y\u0000' }] } })).to.equal(true);
    expect(containsNul({ 'k\u0000': 1 })).to.equal(true);
  });
  it('finds none in clean values', () => {
    for (const value of [undefined, null, 0, true, '', 'text \\u0000 as six characters', { a: ['b', { c: 'd' }] }]) expect(containsNul(value)).to.equal(false);
  });
  it('walks a deep value without recursion', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(containsNul(deep)).to.equal(true);
  });
});
