import { expect } from 'chai';
import { resolveFields } from './fields';
import { article } from './spec-fixtures';

const names = (fields: unknown, includePrivate = false) => resolveFields(article, fields, 'fields', { includePrivate }).map((f) => f.name);
const error = (fields: unknown) => {
  try {
    resolveFields(article, fields, 'fields');
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
  return null;
};

describe('resolveFields', () => {
  it('defaults to every visible scalar, in schema order', () => {
    expect(names(undefined)).to.deep.equal(['title', 'views', 'featured', 'createdAt']);
    expect(names('*')).to.deep.equal(['title', 'views', 'featured', 'createdAt']);
    expect(names(['*'])).to.deep.equal(['title', 'views', 'featured', 'createdAt']);
  });
  it('includes private and password fields only for internal callers', () => {
    expect(names(undefined, true)).to.deep.equal(['title', 'views', 'featured', 'secret', 'pass', 'createdAt']);
    expect(names(['secret'], true)).to.deep.equal(['secret']);
  });
  it('selects an array, a single name, or qs index objects, in schema order; id is accepted', () => {
    expect(names(['views', 'title'])).to.deep.equal(['title', 'views']);
    expect(names('views')).to.deep.equal(['views']);
    expect(names({ 0: 'featured', 1: 'id' })).to.deep.equal(['featured']);
    expect(names(['id'])).to.deep.equal([]);
  });
  it('rejects unknown, private, password, non-scalar names and comma strings', () => {
    expect(error(['nope'])).to.equal('ValidationError: Invalid parameter nope');
    expect(error(['secret'])).to.equal('ValidationError: Invalid parameter secret');
    expect(error('pass')).to.equal('ValidationError: Invalid parameter pass');
    for (const f of ['category', 'seo', 'blocks', 'cover']) expect(error([f])).to.equal(`ValidationError: Invalid parameter ${f}`);
    expect(error('title,views')).to.equal('ValidationError: Invalid parameter title,views');
    expect(error({ title: 'x' })).to.equal('ValidationError: Invalid parameter title');
    expect(error([{ a: 1 }])).to.equal('ValidationError: Invalid parameter a');
  });
});
