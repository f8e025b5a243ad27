import { expect } from 'chai';
import { addTimestamps } from './add-timestamps';
import type { ContentTypeSchema, SchemaSet } from './types';

describe('addTimestamps', () => {
  const schema: ContentTypeSchema = {
    kind: 'collectionType',
    collectionName: 'notes',
    info: { singularName: 'note', pluralName: 'notes' },
    attributes: { title: { type: 'string' } },
  };

  it('adds createdAt and updatedAt after the attributes of every content-type, and none to components', () => {
    const set: SchemaSet = {
      contentTypes: new Map([['api::note.note', { uid: 'api::note.note', namespace: 'api', apiName: 'note', schema, source: { file: 'note.json' } }]]),
      components: new Map([
        [
          'parts.step',
          { uid: 'parts.step', category: 'parts', schema: { collectionName: 'components_parts_steps', info: {}, attributes: { text: { type: 'string' } } }, source: { file: 'step.json' } },
        ],
      ]),
    };
    addTimestamps(set);
    expect(set.contentTypes.get('api::note.note')?.schema.attributes).to.deep.equal({
      title: { type: 'string' },
      createdAt: { type: 'datetime' },
      updatedAt: { type: 'datetime' },
    });
    expect(Object.keys(set.contentTypes.get('api::note.note')?.schema.attributes ?? {})).to.deep.equal(['title', 'createdAt', 'updatedAt']);
    expect(set.components.get('parts.step')?.schema.attributes).to.deep.equal({ text: { type: 'string' } });
  });

  it('leaves the original schema object as it was (plugin schemas are shared between platforms)', () => {
    const set: SchemaSet = {
      contentTypes: new Map([['api::note.note', { uid: 'api::note.note', namespace: 'api', apiName: 'note', schema, source: { file: 'note.json' } }]]),
      components: new Map(),
    };
    addTimestamps(set);
    expect(schema.attributes).to.deep.equal({ title: { type: 'string' } });
    expect(set.contentTypes.get('api::note.note')?.schema).to.not.equal(schema);
  });
});
