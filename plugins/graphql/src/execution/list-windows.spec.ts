import { expect } from 'chai';
import { Kind, type FieldNode, type GraphQLResolveInfo } from 'graphql';
import type { GraphqlContext } from '../types';
import { loadedStart, planWindows } from './list-windows';

const node = (name: string): FieldNode => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: name } });
const context = () => ({}) as GraphqlContext;
/** A relation field's info under root field `root` (through `data`, an index and `attributes`). */
const at = (root: string, field: FieldNode): Pick<GraphQLResolveInfo, 'fieldNodes' | 'path'> => {
  const rootPath = { prev: undefined, key: root, typename: 'Query' };
  const path = {
    prev: { prev: { prev: { prev: rootPath, key: 'data', typename: undefined }, key: 0, typename: undefined }, key: 'attributes', typename: undefined },
    key: field.name.value,
    typename: undefined,
  };
  return { fieldNodes: [field], path };
};

describe('graphql list windows', () => {
  it('merges overlapping and touching slices, and finds each selection in the shorter list', () => {
    const ctx = context();
    const [a, b, c, d] = [node('a'), node('b'), node('c'), node('d')];
    const windows = planWindows(
      ctx,
      'tags',
      [a, b, c, d],
      [
        { offset: 20, limit: 5 },
        { offset: 0, limit: 2 },
        { offset: 2, limit: 3 },
        { offset: 22, limit: 10 },
      ],
      'Tag.articles',
    );
    expect(windows).to.deep.equal([
      { offset: 0, limit: 5 },
      { offset: 20, limit: 12 },
    ]);
    // positions 0-4 are loaded indexes 0-4, positions 20-31 are 5-16
    expect([a, b, c, d].map((n) => loadedStart(ctx, at('tags', n)))).to.deep.equal([5, 0, 2, 7]);
  });

  it('keeps the starts of each root field apart: two root fields may share a fragment', () => {
    const ctx = context();
    const shared = node('articles');
    planWindows(ctx, 'a', [shared], [{ offset: 5, limit: 2 }], 'Tag.articles');
    planWindows(
      ctx,
      'b',
      [node('x'), shared],
      [
        { offset: 0, limit: 1 },
        { offset: 5, limit: 2 },
      ],
      'Tag.articles',
    );
    expect(loadedStart(ctx, at('a', shared))).to.equal(0);
    expect(loadedStart(ctx, at('b', shared))).to.equal(1);
  });

  it('refuses one fragment node at two levels of a root field with different starts', () => {
    const ctx = context();
    const shared = node('articles');
    planWindows(ctx, 'a', [shared], [{ offset: 5, limit: 2 }], 'Tag.articles');
    expect(() =>
      planWindows(
        ctx,
        'a',
        [node('x'), shared],
        [
          { offset: 0, limit: 1 },
          { offset: 5, limit: 2 },
        ],
        'Tag.articles',
      ),
    ).to.throw(/paginated differently/);
  });

  it('a field node the plan did not see has no start (its list is whole)', () => {
    expect(loadedStart(context(), at('tags', node('x')))).to.equal(undefined);
  });
});
