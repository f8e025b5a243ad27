import { expect } from 'chai';
import { ValidationError } from '../errors';
import { parseQueryString } from './parse-query';

describe('parseQueryString', () => {
  it('parses bracket notation with null for a key without a value', () => {
    expect(parseQueryString('filters[title][$eq]=a&publicationState&sort[0]=id')).to.deep.equal({
      filters: { title: { $eq: 'a' } },
      publicationState: null,
      sort: ['id'],
    });
    expect(parseQueryString('')).to.deep.equal({});
  });

  it('accepts a query string of exactly 64 KiB', () => {
    const raw = `q=${'a'.repeat(64 * 1024 - 2)}`;
    expect(raw.length).to.equal(64 * 1024);
    expect((parseQueryString(raw).q as string).length).to.equal(64 * 1024 - 2);
  });

  it('rejects a query string over 64 KiB with a 400 ValidationError', () => {
    const raw = `q=${'a'.repeat(64 * 1024 - 1)}`;
    let caught: unknown = null;
    try {
      parseQueryString(raw);
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(ValidationError);
    const error = caught as ValidationError;
    expect({ status: error.status, name: error.name, message: error.message, details: error.details }).to.deep.equal({
      status: 400,
      name: 'ValidationError',
      message: 'Query string too long (over 65536 characters)',
      details: {},
    });
  });

  it('rejects a NUL character anywhere in the query string', () => {
    expect(() => parseQueryString('a=b%00c')).to.throw(ValidationError, 'Malformed query string: it contains a NUL character (%00)');
  });
});
