import { expect } from 'chai';
import { closestName, editDistance } from './closest-name';

describe('closestName', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect([editDistance('draft-publishh', 'draft-publish'), editDistance('i18', 'i18n'), editDistance('kitten', 'sitting'), editDistance('', 'abc')]).to.deep.equal([1, 1, 3, 3]);
  });

  it('picks the nearest candidate, the first one on a tie, none without candidates', () => {
    expect(closestName('draft-publishh', ['i18n', 'draft-publish', 'relations'])).to.equal('draft-publish');
    expect(closestName('ab', ['ax', 'ay'])).to.equal('ax');
    expect(closestName('x', [])).to.equal(undefined);
  });
});
