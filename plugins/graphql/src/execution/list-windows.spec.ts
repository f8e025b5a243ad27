import { expect } from 'chai';
import { Kind, type FieldNode } from 'graphql';
import type { GraphqlContext } from '../types';
import { loadedStart, planWindows } from './list-windows';

const node = (name: string): FieldNode => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: name } });
const context = () => ({}) as GraphqlContext;

describe('graphql list windows', () => {
  it('merges overlapping and touching slices, and finds each selection in the shorter list', () => {
    const ctx = context();
    const [a, b, c, d] = [node('a'), node('b'), node('c'), node('d')];
    const windows = planWindows(ctx, [a, b, c, d], [{ offset: 20, limit: 5 }, { offset: 0, limit: 2 }, { offset: 2, limit: 3 }, { offset: 22, limit: 10 }]);
    expect(windows).to.deep.equal([{ offset: 0, limit: 5 }, { offset: 20, limit: 12 }]);
    // positions 0-4 are loaded indexes 0-4, positions 20-31 are 5-16
    expect([a, b, c, d].map((n) => loadedStart(ctx, n))).to.deep.equal([5, 0, 2, 7]);
  });

  it('a field node the plan did not see has no start (its list is whole)', () => {
    expect(loadedStart(context(), node('x'))).to.equal(undefined);
    expect(loadedStart(context(), undefined)).to.equal(undefined);
  });
});
