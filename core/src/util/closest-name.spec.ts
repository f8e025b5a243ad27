import { expect } from 'chai';
import { closestName, editDistance } from './closest-name';

describe('closestName', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect([editDistance('seoo', 'seo'), editDistance('sitemp', 'sitemap'), editDistance('kitten', 'sitting'), editDistance('', 'abc')]).to.deep.equal([1, 1, 3, 3]);
  });

  it('picks the nearest candidate, the first one on a tie, none without candidates', () => {
    expect(closestName('sitemapp', ['seo', 'sitemap', 'analytics'])).to.equal('sitemap');
    expect(closestName('ab', ['ax', 'ay'])).to.equal('ax');
    expect(closestName('x', [])).to.equal(undefined);
  });
});
