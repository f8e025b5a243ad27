import { expect } from 'chai';
import { GraphQLError } from 'graphql';
import { MAX_NESTING, nestingExceeds, parseDocument } from './parse-document';

const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

describe('nestingExceeds', () => {
  it('counts braces, brackets and parentheses together, up to the bound', () => {
    expect(nestingExceeds(nested(MAX_NESTING))).to.equal(false);
    expect(nestingExceeds(nested(MAX_NESTING + 1))).to.equal(true);
    expect(nestingExceeds('{ a(b: { c: [1] }) }', 3)).to.equal(true);
    expect(nestingExceeds('{ a(b: { c: [1] }) }', 4)).to.equal(false);
  });
  it('does not count inside strings, block strings and comments', () => {
    expect(nestingExceeds(`{ a(b: "${'{'.repeat(100)}\\" [[[") }`, 3)).to.equal(false);
    expect(nestingExceeds(`{ a(b: """ ${'['.repeat(100)} \\""" [[[ """) }`, 3)).to.equal(false);
    expect(nestingExceeds(`# ${'('.repeat(100)}\n{ a }`, 3)).to.equal(false);
    expect(nestingExceeds(`{"v": "${'{'.repeat(100)}"}`, 1)).to.equal(false);
  });
  it('closing more than was opened does not make room for more', () => {
    expect(nestingExceeds(`]]]]${nested(3)}`, 2)).to.equal(true);
  });
});

describe('parseDocument', () => {
  it('refuses a document nested 10,000 deep with a syntax error, without recursing', () => {
    expect(() => parseDocument(`{ a(b: ${nested(10_000)}) }`, 1_000_000)).to.throw(GraphQLError, `Syntax Error: Document nested deeper than ${MAX_NESTING} levels. Parsing aborted.`);
  });
  it('keeps graphql-js maxTokens', () => {
    expect(() => parseDocument('{ a b c d }', 3)).to.throw(GraphQLError, 'Document contains more that 3 tokens');
  });
});
