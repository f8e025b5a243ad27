import { expect } from 'chai';
import { BootError, createRegistry, InternalError, type ExtensionField, type Model } from '@platform/core';
import { FieldKindRegistry } from './registry';
import type { FieldKind } from './types';

const kind = (type: string): FieldKind => ({ type, parse: (_field, value) => value, write: async () => {}, link: () => undefined });

const field = (type: string): ExtensionField => ({ kind: 'extension', type, name: 'cover', target: null, multiple: false, options: {}, attribute: { type: 'string' } });

function modelWith(fields: ExtensionField[]): Model {
  return {
    uid: 'api::post.post',
    kind: 'collectionType',
    tableName: 'posts',
    singularName: 'post',
    pluralName: 'posts',
    namespace: 'api',
    attributes: {},
    fields: new Map(fields.map((f) => [f.name, f])),
    scalarFields: [],
    componentJoin: null,
    options: {},
    pluginOptions: {},
    source: 'post/schema.json',
    hasCreatorColumns: true,
  };
}

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('query-engine: field-kind registry', () => {
  it('answers the kind of an extension field by its attribute type', () => {
    const kinds = new FieldKindRegistry();
    const pick = kind('pick');
    kinds.register(pick);
    expect(kinds.of(field('pick'))).to.equal(pick);
    expect(kinds.find('nope')).to.equal(undefined);
    expect(kinds.all()).to.deep.equal([pick]);
  });

  it('rejects a second kind for one type', () => {
    const kinds = new FieldKindRegistry();
    kinds.register(kind('pick'));
    const error = thrown(() => kinds.register(kind('pick')));
    expect(error).to.be.instanceOf(BootError);
    expect({ code: (error as BootError).code, message: error.message }).to.deep.equal({ code: 'query-engine.FIELD_KIND_DUPLICATE', message: 'field kind "pick" is already registered' });
  });

  it('is sealed at bootstrap: no registration after, and every extension attribute needs a kind', () => {
    const kinds = new FieldKindRegistry();
    kinds.register(kind('pick'));
    kinds.seal(createRegistry([modelWith([field('pick')])]));
    expect((thrown(() => kinds.register(kind('other'))) as BootError).code).to.equal('query-engine.FIELD_KINDS_FROZEN');

    const missing = thrown(() => new FieldKindRegistry().seal(createRegistry([modelWith([field('pick')])])));
    expect({ code: (missing as BootError).code, message: missing.message }).to.deep.equal({
      code: 'query-engine.FIELD_KIND_MISSING',
      message: 'post/schema.json: attribute "cover" has type "pick", for which no plugin registered a query-engine field kind',
    });
  });

  it('a field without a kind at request time is an internal error', () => {
    const error = thrown(() => new FieldKindRegistry().of(field('pick')));
    expect(error).to.be.instanceOf(InternalError);
    expect(error.message).to.equal('No field kind registered for the attribute type "pick"');
  });
});
