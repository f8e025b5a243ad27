import { expect } from 'chai';
import { slugify } from './slugify';

describe('admin slugify (the rules of @sindresorhus/slugify)', () => {
  it('lowercases, joins words with "-" and trims separators', () => {
    expect(slugify('Hello World')).to.equal('hello-world');
    expect(slugify('  --Hello,   World!!  ')).to.equal('hello-world');
    expect(slugify('fooBar 123 $#%')).to.equal('foo-bar-123');
    expect(slugify('BAR and baz')).to.equal('bar-and-baz');
  });

  it('reads "&" as "and" and transliterates Latin letters', () => {
    expect(slugify('Rock & Roll')).to.equal('rock-and-roll');
    expect(slugify('I ♥ Dogs')).to.equal('i-love-dogs');
    expect(slugify('Déjà Vu!')).to.equal('deja-vu');
    expect(slugify('Fußgängerübergänge')).to.equal('fussgaengeruebergaenge');
    expect(slugify('Smørrebrød Łódź')).to.equal('smorrebrod-lodz');
    expect(slugify('Crème brûlée à São Paulo')).to.equal('creme-brulee-a-sao-paulo');
  });

  it('splits camelCase and acronyms', () => {
    expect(slugify('HTMLParser')).to.equal('html-parser');
    expect(slugify('myAPIs')).to.equal('my-apis');
    expect(slugify('ABC123')).to.equal('abc-123');
  });

  it("follows a uid attribute's options", () => {
    expect(slugify('Hello World', { separator: '_' })).to.equal('hello_world');
    expect(slugify('Hello World', { lowercase: false })).to.equal('Hello-World');
    expect(slugify('fooBar', { decamelize: false })).to.equal('foobar');
    expect(slugify('a.b c', { separator: '.' })).to.equal('a.b.c');
  });

  it('answers the empty string for text without letters or digits', () => {
    expect(slugify('!!! ---')).to.equal('');
    expect(slugify('')).to.equal('');
  });
});
