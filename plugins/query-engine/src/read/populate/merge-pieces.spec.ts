import { expect } from 'chai';
import { ValidationError } from '@platform/core';
import { mergePopulatePieces } from './merge-pieces';

describe('mergePopulatePieces', () => {
  it('leaves every form without a mix as it is', () => {
    for (const value of [undefined, null, '', '*', 'a,b.c', ['a', 'b.c'], { a: true, b: { populate: 'c', fields: ['x'] } }, { dz: { on: { 'x.y': { populate: '*' } } } }]) {
      expect(mergePopulatePieces(value)).to.deep.equal(value);
    }
  });

  it("merges qs's index keys and arrays of strings and objects into one object", () => {
    expect(mergePopulatePieces({ 0: { blocks: { populate: '*' } }, 1: 'localizations', seo: 'true' })).to.deep.equal({ blocks: { populate: '*' }, localizations: true, seo: 'true' });
    expect(mergePopulatePieces(['localizations', { blocks: { populate: '*' } }])).to.deep.equal({ localizations: true, blocks: { populate: '*' } });
    expect(mergePopulatePieces(['a,b.c.d', 'e'])).to.deep.equal(['a,b.c.d', 'e']);
    expect(mergePopulatePieces(['a,b.c.d', { e: true }])).to.deep.equal({ a: true, b: { populate: 'c.d' }, e: true });
  });

  it("reads `*` in a list as the level's `*` key", () => {
    expect(mergePopulatePieces(['*', 'quote'])).to.deep.equal({ '*': true, quote: true });
    expect(mergePopulatePieces('a, *')).to.deep.equal({ a: true, '*': true });
    expect(mergePopulatePieces({ x: { populate: ['*', { y: 'true' }] } })).to.deep.equal({ x: { populate: { '*': true, y: 'true' } } });
  });

  it('merges what two pieces ask of one attribute: options of both, nested populates merged, an object over true', () => {
    expect(mergePopulatePieces({ 0: 'a', a: { fields: ['n'] } })).to.deep.equal({ a: { fields: ['n'] } });
    expect(mergePopulatePieces({ 0: { a: { populate: 'b', sort: 'x' } }, 1: { a: { populate: { c: true }, sort: 'y' } } })).to.deep.equal({ a: { populate: { b: true, c: true }, sort: 'y' } });
    expect(mergePopulatePieces({ 0: { z: { on: { 'c.one': true } } }, 1: { z: { on: { 'c.two': { populate: '*' } } } } })).to.deep.equal({ z: { on: { 'c.one': true, 'c.two': { populate: '*' } } } });
    expect(mergePopulatePieces({ 0: 'a', 1: { a: 'false' } })).to.deep.equal({ a: true });
  });

  it('merges the pieces of nested levels and zone fragments', () => {
    expect(mergePopulatePieces({ a: { populate: { 0: 'b', c: 'true' } } })).to.deep.equal({ a: { populate: { b: true, c: 'true' } } });
    expect(mergePopulatePieces({ z: { on: { 'c.one': { populate: ['*', 'x'] } } } })).to.deep.equal({ z: { on: { 'c.one': { populate: { '*': true, x: true } } } } });
  });

  it('refuses a list item that is neither a string nor an object, naming it', () => {
    expect(() => mergePopulatePieces(['a', 3])).to.throw(ValidationError, 'Invalid parameter populate[1]');
    expect(() => mergePopulatePieces({ a: { populate: [{ b: true }, null] } })).to.throw(ValidationError, 'Invalid parameter populate[a][populate][1]');
  });

  it('never takes __proto__ for an attribute', () => {
    const merged = mergePopulatePieces(JSON.parse('{"0":"a","__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).to.equal(Object.prototype);
    expect(merged).to.deep.equal({ a: true });
  });
});
