import { expect } from 'chai';
import { ValidationError } from '@platform/core';
import { linkedIds, MAX_RELATION_IDS, parseRelationValue, toSingle } from './relation-input';

function issuesOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(ValidationError);
    return (error as ValidationError).details;
  }
  throw new Error('expected a ValidationError');
}

describe('query-engine: relation input parsing', () => {
  it(`takes up to ${MAX_RELATION_IDS} ids in one value, connect, disconnect and set together`, () => {
    const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
    expect(parseRelationValue('tags', ids(MAX_RELATION_IDS))).to.deep.equal({ mode: 'set', ids: ids(MAX_RELATION_IDS) });
    const tooMany = (count: number) => ({
      errors: [{ path: ['tags'], message: `Too many relation ids for attribute "tags": ${count} (at most ${MAX_RELATION_IDS} in one request)`, name: 'ValidationError' }],
    });
    expect(issuesOf(() => parseRelationValue('tags', ids(MAX_RELATION_IDS + 1)))).to.deep.equal(tooMany(MAX_RELATION_IDS + 1));
    expect(issuesOf(() => parseRelationValue('tags', { set: ids(MAX_RELATION_IDS + 1) }))).to.deep.equal(tooMany(MAX_RELATION_IDS + 1));
    expect(issuesOf(() => parseRelationValue('tags', { connect: ids(6000), disconnect: ids(5000, 7000) }))).to.deep.equal(tooMany(11000));
  });

  it('treats plain forms as set', () => {
    expect(parseRelationValue('tags', 3)).to.deep.equal({ mode: 'set', ids: [3] });
    expect(parseRelationValue('tags', '3')).to.deep.equal({ mode: 'set', ids: [3] });
    expect(parseRelationValue('tags', [1, '2', { id: 3 }])).to.deep.equal({ mode: 'set', ids: [1, 2, 3] });
    expect(parseRelationValue('tags', null)).to.deep.equal({ mode: 'set', ids: [] });
    expect(parseRelationValue('tags', [])).to.deep.equal({ mode: 'set', ids: [] });
    expect(parseRelationValue('tags', { id: 4 })).to.deep.equal({ mode: 'set', ids: [4] });
    expect(parseRelationValue('tags', { set: [{ id: 2 }, 1] })).to.deep.equal({ mode: 'set', ids: [2, 1] });
  });

  it('reads connect and disconnect, shorthand and longhand, with positions', () => {
    const input = parseRelationValue('tags', { connect: [1, { id: '2', position: { before: '1' } }, { id: 3, position: { start: true } }], disconnect: [{ id: 4 }, 5] });
    expect(input).to.deep.equal({
      mode: 'partial',
      connect: [
        { id: 1, position: null },
        { id: 2, position: { kind: 'before', ref: 1, rawRef: '1', raw: { before: '1' } } },
        { id: 3, position: { kind: 'start', raw: { start: true } } },
      ],
      disconnect: [4, 5],
    });
    expect(parseRelationValue('tags', {})).to.deep.equal({ mode: 'partial', connect: [], disconnect: [] });
  });

  it('lets set win over connect and disconnect', () => {
    expect(parseRelationValue('tags', { set: [2], connect: [3], disconnect: [1] })).to.deep.equal({ mode: 'set', ids: [2] });
  });

  it('keeps the last id for a to-one relation', () => {
    expect(toSingle(parseRelationValue('author', [1, 2]))).to.deep.equal({ mode: 'set', ids: [2] });
    expect(toSingle(parseRelationValue('author', { connect: [1, 3] }))).to.deep.equal({ mode: 'set', ids: [3] });
    expect(toSingle(parseRelationValue('author', { disconnect: [1] }))).to.deep.equal({ mode: 'partial', connect: [], disconnect: [1] });
    expect(toSingle(parseRelationValue('author', []))).to.deep.equal({ mode: 'set', ids: [] });
  });

  it('lists the ids to check for existence, once each', () => {
    expect(linkedIds(parseRelationValue('tags', [3, 3, 4]))).to.deep.equal([3, 4]);
    expect(linkedIds(parseRelationValue('tags', { connect: [5], disconnect: [6] }))).to.deep.equal([5]);
  });

  it('answers a ValidationError at the attribute for malformed input', () => {
    const cases: Array<[unknown, string]> = [
      ['abc', 'Invalid relation id "abc" for attribute "tags"'],
      [true, 'Invalid relation id true for attribute "tags"'],
      [[1, 'x'], 'Invalid relation id "x" for attribute "tags"'],
      [{ connect: [{ name: 'a' }] }, 'Invalid relation item for attribute "tags": an object needs an "id"'],
      [{ connect: [1], bogus: 1 }, 'Invalid key "bogus" in relation attribute "tags" (expected connect, disconnect or set)'],
      [{ connect: [{ id: 1, position: { before: 2, after: 3 } }] }, 'Invalid position {"before":2,"after":3} for the relation with id 1 of attribute "tags"'],
      [{ connect: [{ id: 1, position: { start: false } }] }, 'Invalid position {"start":false} for the relation with id 1 of attribute "tags"'],
      [{ connect: [{ id: 1, position: 'end' }] }, 'Invalid position "end" for the relation with id 1 of attribute "tags"'],
      [{ connect: [{ id: 1, position: { middle: true } }] }, 'Invalid position {"middle":true} for the relation with id 1 of attribute "tags"'],
    ];
    for (const [value, message] of cases) {
      expect(issuesOf(() => parseRelationValue('tags', value))).to.deep.equal({ errors: [{ path: ['tags'], message, name: 'ValidationError' }] });
    }
  });
});
