import { expect } from 'chai';
import type { LoadedComponent } from '@platform/core';
import { strapiComponentOrder } from './content-type-builder';

const component = (uid: string): LoadedComponent => {
  const [category = '', name = ''] = uid.split('.');
  return { uid, category, schema: { collectionName: `components_${category}_${name}`, info: { displayName: name }, attributes: {} }, source: { file: `${category}/${name}.json` } } as LoadedComponent;
};

describe('strapiComponentOrder', () => {
  it("keeps the categories' order and reverses each category's files", () => {
    const loaded = ['blocks.hero', 'blocks.quote', 'blocks.video', 'shared.meta-tag', 'shared.quote', 'shared.rich-text', 'shared.seo'].map(component);
    expect(strapiComponentOrder(loaded).map((c) => c.uid)).to.deep.equal(['blocks.video', 'blocks.quote', 'blocks.hero', 'shared.seo', 'shared.rich-text', 'shared.quote', 'shared.meta-tag']);
  });
  it('does not change the list it is given', () => {
    const loaded = ['a.x', 'a.y'].map(component);
    strapiComponentOrder(loaded);
    expect(loaded.map((c) => c.uid)).to.deep.equal(['a.x', 'a.y']);
  });
});
