import { expect } from 'chai';
import { relationBody, toBody } from '../app/content/form-values';
import type { Attribute } from '../app/types';

const tags = { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' } as Attribute;
const category = { type: 'relation', relation: 'manyToOne', target: 'api::category.category' } as Attribute;
const list = (...ids: number[]) => ids.map((id) => ({ id, label: `#${id}` }));

describe('admin: what a save sends for a relation', () => {
  it('a new entry sends the relation as shown', () => {
    expect(relationBody(tags, list(3, 1), undefined)).to.deep.equal([3, 1]);
    expect(relationBody(category, { id: 4, label: 'x' }, undefined)).to.equal(4);
    expect(relationBody(category, null, undefined)).to.equal(null);
  });

  it('a stored entry sends nothing for a relation left as loaded', () => {
    expect(relationBody(tags, list(1, 2), list(1, 2))).to.equal(undefined);
    expect(relationBody(tags, [], [])).to.equal(undefined);
    expect(relationBody(category, { id: 4, label: 'x' }, { id: 4, label: 'x' })).to.equal(undefined);
    expect(relationBody(category, null, null)).to.equal(undefined);
  });

  it('entries added at the end or taken out go as connect and disconnect', () => {
    expect(relationBody(tags, list(1, 2, 5), list(1, 2))).to.deep.equal({ connect: [5], disconnect: [] });
    expect(relationBody(tags, list(2), list(1, 2, 3))).to.deep.equal({ connect: [], disconnect: [1, 3] });
    expect(relationBody(tags, list(2, 7, 8), list(1, 2))).to.deep.equal({ connect: [7, 8], disconnect: [1] });
  });

  it('a reordered list, or one with an entry put before the others, is sent whole', () => {
    expect(relationBody(tags, list(2, 1), list(1, 2))).to.deep.equal([2, 1]);
    expect(relationBody(tags, list(9, 1, 2), list(1, 2))).to.deep.equal([9, 1, 2]);
  });

  it('a changed to-one relation sends its new id, or null when emptied', () => {
    expect(relationBody(category, { id: 5, label: 'y' }, { id: 4, label: 'x' })).to.equal(5);
    expect(relationBody(category, null, { id: 4, label: 'x' })).to.equal(null);
  });

  it('the body of a stored entry leaves out the relations it did not change', () => {
    const attributes = { title: { type: 'string' } as Attribute, tags, category };
    const stored = { title: 'Old', tags: list(1), category: { id: 4, label: 'x' } };
    expect(toBody(attributes, { title: 'New', tags: list(1, 2), category: { id: 4, label: 'x' } }, new Map(), stored)).to.deep.equal({ title: 'New', tags: { connect: [2], disconnect: [] } });
    expect(toBody(attributes, { title: 'New', tags: list(1, 2), category: { id: 4, label: 'x' } }, new Map())).to.deep.equal({ title: 'New', tags: [1, 2], category: 4 });
  });
});
