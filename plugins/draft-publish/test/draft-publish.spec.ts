import { expect } from 'chai';
import type { Model, SchemaSet, ScalarField, Field } from '@platform/core';
import type { ScopeContext, WriteContext, Filters } from '@platform/query-engine';
import { addPublishedAt } from '../src/extend-schemas';
import { scopePublicationState, validatePublicationState } from '../src/publication-state';
import { publishOnCreate, relaxRequiredForDrafts } from '../src/write-hooks';

function model(draftAndPublish: boolean): Model {
  const fields = new Map<string, Field>();
  const scalar = (name: string): ScalarField => ({ kind: 'scalar', name, column: name, type: 'string', attribute: { type: 'string' } });
  fields.set('title', scalar('title'));
  if (draftAndPublish) fields.set('publishedAt', { ...scalar('published_at'), name: 'publishedAt', type: 'datetime', attribute: { type: 'datetime' } });
  return {
    uid: 'api::a.a',
    kind: 'collectionType',
    tableName: 'as',
    singularName: 'a',
    pluralName: 'as',
    namespace: 'api',
    attributes: {},
    fields,
    scalarFields: [...fields.values()] as ScalarField[],
    componentJoin: null,
    options: { draftAndPublish },
    pluginOptions: {},
    source: 'x',
    hasCreatorColumns: true,
  };
}

function scope(m: Model, publicationState: string | undefined, level: ScopeContext['level'] = 'root'): Filters[] {
  const filters: Filters[] = [];
  scopePublicationState({ model: m, params: publicationState === undefined ? {} : { publicationState }, level, filters });
  return filters;
}

describe('draft-publish: schema extension', () => {
  it('adds publishedAt after the other attributes of draft & publish types only', () => {
    const schemas: SchemaSet = { contentTypes: new Map(), components: new Map() };
    const base = { collectionName: 't', info: { singularName: 's', pluralName: 'p' } };
    schemas.contentTypes.set('api::d.d', {
      uid: 'api::d.d',
      namespace: 'api',
      apiName: 'd',
      source: { file: 'd' },
      schema: { ...base, kind: 'collectionType', options: { draftAndPublish: true }, attributes: { title: { type: 'string' }, createdAt: { type: 'datetime' }, updatedAt: { type: 'datetime' } } },
    });
    schemas.contentTypes.set('api::n.n', {
      uid: 'api::n.n',
      namespace: 'api',
      apiName: 'n',
      source: { file: 'n' },
      schema: { ...base, kind: 'collectionType', options: { draftAndPublish: false }, attributes: { title: { type: 'string' } } },
    });
    addPublishedAt(schemas);
    expect(Object.keys(schemas.contentTypes.get('api::d.d')?.schema.attributes ?? {})).to.deep.equal(['title', 'createdAt', 'updatedAt', 'publishedAt']);
    expect(schemas.contentTypes.get('api::d.d')?.schema.attributes.publishedAt).to.deep.equal({
      type: 'datetime',
      configurable: false,
      writable: true,
      visible: false,
      hidesRowsWhenNull: { noun: 'draft', reveal: 'publish', revealFrom: 'createdAt' },
    });
    expect(Object.keys(schemas.contentTypes.get('api::n.n')?.schema.attributes ?? {})).to.deep.equal(['title']);
  });
});

describe('draft-publish: publicationState', () => {
  it('accepts live, preview and no value', () => {
    expect(() => validatePublicationState({})).to.not.throw();
    expect(() => validatePublicationState({ publicationState: 'live' })).to.not.throw();
    expect(() => validatePublicationState({ publicationState: 'preview' })).to.not.throw();
  });

  it('rejects other values with a ValidationError naming the parameter', () => {
    for (const bad of ['foo', '', 'LIVE', ['live'], { a: 1 }]) {
      expect(() => validatePublicationState({ publicationState: bad as string }), JSON.stringify(bad))
        .to.throw('Invalid parameter publicationState')
        .with.property('name', 'ValidationError');
    }
  });

  it('hides drafts in live (the default) at every level', () => {
    for (const level of ['root', 'findOne', 'populate'] as const) {
      expect(scope(model(true), undefined, level)).to.deep.equal([{ publishedAt: { $notNull: true } }]);
      expect(scope(model(true), 'live', level)).to.deep.equal([{ publishedAt: { $notNull: true } }]);
    }
  });

  it('adds nothing for an internal read of hidden entries (the answer of a write), at every level', () => {
    for (const level of ['root', 'findOne', 'populate'] as const) {
      const filters: Filters[] = [];
      scopePublicationState({ model: model(true), params: { includeHidden: true }, level, filters });
      expect(filters, level).to.deep.equal([]);
    }
  });

  it('adds nothing in preview or for types without draft & publish', () => {
    expect(scope(model(true), 'preview')).to.deep.equal([]);
    expect(scope(model(false), undefined)).to.deep.equal([]);
    expect(scope(model(false), 'live', 'populate')).to.deep.equal([]);
  });
});

describe('draft-publish: create', () => {
  const context = (m: Model, data: Record<string, unknown>): WriteContext => ({ action: 'create', model: m, id: null, data, params: { data }, existing: null });
  const now = () => new Date('2024-05-06T07:08:09.010Z');

  it('publishes when publishedAt is not sent', () => {
    const ctx = context(model(true), { title: 'x' });
    publishOnCreate(ctx, now);
    expect(ctx.data).to.deep.equal({ title: 'x', publishedAt: '2024-05-06T07:08:09.010Z' });
  });

  it('keeps a sent publishedAt, null making a draft', () => {
    const draft = context(model(true), { publishedAt: null });
    publishOnCreate(draft, now);
    expect(draft.data).to.deep.equal({ publishedAt: null });
    const dated = context(model(true), { publishedAt: '2020-01-01T00:00:00.000Z' });
    publishOnCreate(dated, now);
    expect(dated.data).to.deep.equal({ publishedAt: '2020-01-01T00:00:00.000Z' });
  });

  it('leaves types without draft & publish alone', () => {
    const ctx = context(model(false), { title: 'x' });
    publishOnCreate(ctx, now);
    expect(ctx.data).to.deep.equal({ title: 'x' });
  });
});

describe('draft-publish: required attributes of drafts', () => {
  const context = (m: Model, action: 'create' | 'update', data: Record<string, unknown>, existing: Record<string, unknown> | null): WriteContext => ({
    action,
    model: m,
    id: action === 'create' ? null : 1,
    data,
    params: { data },
    existing: existing && { id: 1, ...existing },
  });
  const relaxed = (ctx: WriteContext) => {
    relaxRequiredForDrafts(ctx);
    return ctx.relaxRequired === true;
  };

  it('relaxes them when the written entry is a draft: publishedAt null as sent, or as stored when not sent', () => {
    expect(relaxed(context(model(true), 'create', { publishedAt: null }, null))).to.equal(true);
    expect(relaxed(context(model(true), 'update', { title: 'x' }, { publishedAt: null }))).to.equal(true);
    expect(relaxed(context(model(true), 'update', { publishedAt: null }, { publishedAt: '2020-01-01T00:00:00.000Z' }))).to.equal(true);
  });

  it('keeps them for published entries and for types without draft & publish', () => {
    expect(relaxed(context(model(true), 'create', { publishedAt: '2020-01-01T00:00:00.000Z' }, null))).to.equal(false);
    expect(relaxed(context(model(true), 'update', { publishedAt: '2020-01-01T00:00:00.000Z' }, { publishedAt: null }))).to.equal(false);
    expect(relaxed(context(model(true), 'update', { title: 'x' }, { publishedAt: '2020-01-01T00:00:00.000Z' }))).to.equal(false);
    expect(relaxed(context(model(false), 'create', { publishedAt: null }, null))).to.equal(false);
  });
});
