import { expect } from 'chai';
import { relationBody, toBody } from '../app/content/form-values';
import type { Attribute, ComponentSchema } from '../app/types';

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

describe("admin: what a save sends for a plugin's attribute type", () => {
  const greetings = { type: 'greetings' } as Attribute;
  const loaded = [{ id: 1, name: 'Ada' }];
  const card = {
    uid: 'shared.card',
    category: 'shared',
    info: { displayName: 'Card' },
    mainField: 'label',
    attributes: { label: { type: 'string' } as Attribute, greetings, tags },
  } as ComponentSchema;
  const components = new Map([['shared.card', card]]);

  it('a stored entry leaves out the field as loaded (populated), so it stays as stored', () => {
    const attributes = { title: { type: 'string' } as Attribute, greetings };
    expect(toBody(attributes, { title: 'New', greetings: loaded }, new Map(), { title: 'Old', greetings: [{ id: 1, name: 'Ada' }] })).to.deep.equal({ title: 'New' });
    expect(toBody(attributes, { title: 'New', greetings: null }, new Map(), { title: 'Old', greetings: null })).to.deep.equal({ title: 'New' });
  });

  it('the field goes as its input left it once the input changed it', () => {
    const attributes = { greetings };
    expect(toBody(attributes, { greetings: [2, 1] }, new Map(), { greetings: loaded })).to.deep.equal({ greetings: [2, 1] });
    expect(toBody(attributes, { greetings: [] }, new Map(), { greetings: loaded })).to.deep.equal({ greetings: [] });
  });

  it('a new entry sends it only when the input changed it from the default', () => {
    expect(toBody({ greetings }, { greetings: null }, new Map())).to.deep.equal({});
    expect(toBody({ greetings }, { greetings: [3] }, new Map())).to.deep.equal({ greetings: [3] });
    expect(toBody({ greetings: { ...greetings, default: [1] } }, { greetings: [1] }, new Map())).to.deep.equal({});
  });

  it('inside a stored component it is left out as loaded; a new component item sends it once set; relations there go whole', () => {
    const attributes = { card: { type: 'component', component: 'shared.card' } as Attribute, cards: { type: 'component', component: 'shared.card', repeatable: true } as Attribute };
    const stored = {
      card: { id: 7, label: 'a', greetings: loaded, tags: list(1) },
      cards: [{ id: 8, label: 'b', greetings: loaded, tags: [] }],
    };
    const values = {
      card: { id: 7, label: 'a!', greetings: loaded, tags: list(1) },
      cards: [
        { id: 8, label: 'b', greetings: [2], tags: [] },
        { label: 'c', greetings: null, tags: [] },
        { label: 'd', greetings: [1], tags: [] },
      ],
    };
    expect(toBody(attributes, values, components, stored)).to.deep.equal({
      card: { id: 7, label: 'a!', tags: [1] },
      cards: [
        { id: 8, label: 'b', greetings: [2], tags: [] },
        { label: 'c', tags: [] },
        { label: 'd', greetings: [1], tags: [] },
      ],
    });
  });

  it('inside a dynamic zone an item is matched with its stored self by id and component', () => {
    const attributes = { blocks: { type: 'dynamiczone', components: ['shared.card'] } as Attribute };
    const stored = { blocks: [{ __component: 'shared.card', id: 8, label: 'b', greetings: loaded, tags: [] }] };
    const values = { blocks: [{ __component: 'shared.card', id: 8, label: 'b', greetings: loaded, tags: [] }] };
    expect(toBody(attributes, values, components, stored)).to.deep.equal({ blocks: [{ __component: 'shared.card', id: 8, label: 'b', tags: [] }] });
  });
});
