import { assert, expect } from 'chai';
import type { Field, Model, ScalarAttribute, ScalarField, SchemaSet } from '@platform/core';
import type { Filters, FindParams } from '@platform/query-engine';
import { addLocaleAttributes } from '../src/extend-schemas';
import { scopeLocale, validateLocaleParam } from '../src/query-hooks';
import { idsOfRelationInput } from '../src/write-hooks';
import { isLocaleCode, localeDisplayName, validateI18nConfig } from '../src/locale-codes';
import { toIsoString } from '../src/storage';
import { sharedScalarFields, isLocalizedModel } from '../src/localized-model';

function model(localized: boolean, attributes: Record<string, ScalarAttribute> = { title: { type: 'string' } }): Model {
  const fields = new Map<string, Field>();
  for (const [name, attribute] of Object.entries(attributes)) fields.set(name, { kind: 'scalar', name, column: name, type: attribute.type, attribute });
  if (localized) fields.set('locale', { kind: 'scalar', name: 'locale', column: 'locale', type: 'string', attribute: { type: 'string' } });
  return {
    uid: 'api::a.a',
    kind: 'collectionType',
    tableName: 'as',
    singularName: 'a',
    pluralName: 'as',
    namespace: 'api',
    attributes,
    fields,
    scalarFields: [...fields.values()] as ScalarField[],
    componentJoin: null,
    options: {},
    pluginOptions: localized ? { i18n: { localized: true } } : {},
    source: 'x',
    hasCreatorColumns: true,
  };
}

function scope(m: Model, params: FindParams, level: 'root' | 'findOne' | 'populate' = 'root'): Filters[] {
  const filters: Filters[] = [];
  scopeLocale({ model: m, params, level, filters }, () => 'en');
  return filters;
}

describe('i18n: schema extension', () => {
  it('adds locale and localizations last, to localized api types only', () => {
    const schemas: SchemaSet = { contentTypes: new Map(), components: new Map() };
    const base = { collectionName: 't', info: { singularName: 's', pluralName: 'p' }, kind: 'collectionType' as const };
    schemas.contentTypes.set('api::l.l', {
      uid: 'api::l.l',
      namespace: 'api',
      apiName: 'l',
      source: { file: 'l' },
      schema: {
        ...base,
        pluginOptions: { i18n: { localized: true } },
        attributes: { title: { type: 'string' }, createdAt: { type: 'datetime' }, updatedAt: { type: 'datetime' }, publishedAt: { type: 'datetime' } },
      },
    });
    schemas.contentTypes.set('api::n.n', { uid: 'api::n.n', namespace: 'api', apiName: 'n', source: { file: 'n' }, schema: { ...base, attributes: { title: { type: 'string' } } } });
    addLocaleAttributes(schemas);
    const attrs = schemas.contentTypes.get('api::l.l')?.schema.attributes;
    assert.exists(attrs);
    expect(Object.keys(attrs)).to.deep.equal(['title', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations']);
    expect(attrs.localizations).to.include({ type: 'relation', relation: 'oneToMany', target: 'api::l.l' });
    expect(attrs.locale).to.include({ type: 'string' });
    expect(schemas.contentTypes.get('api::l.l')?.schema.options).to.deep.equal({ uniqueIndexScope: ['locale'] });
    expect(schemas.contentTypes.get('api::n.n')?.schema.options).to.equal(undefined);
    expect(Object.keys(schemas.contentTypes.get('api::n.n')?.schema.attributes ?? {})).to.deep.equal(['title']);
  });
});

describe('i18n: locale parameter', () => {
  it('filters a list by the default locale, a given one, or not at all for all', () => {
    expect(scope(model(true), {})).to.deep.equal([{ locale: { $eq: 'en' } }]);
    expect(scope(model(true), { locale: 'fr' })).to.deep.equal([{ locale: { $eq: 'fr' } }]);
    expect(scope(model(true), { locale: 'zz' })).to.deep.equal([{ locale: { $eq: 'zz' } }]);
    expect(scope(model(true), { locale: 'all' })).to.deep.equal([]);
  });

  it('ignores the locale for a read by id, in populated levels and on types that are not localized', () => {
    expect(scope(model(true), { locale: 'fr' }, 'findOne')).to.deep.equal([]);
    expect(scope(model(true), {}, 'populate')).to.deep.equal([]);
    expect(scope(model(false), { locale: 'fr' })).to.deep.equal([]);
  });

  it('rejects a locale that is not a string on localized types only', () => {
    expect(() => validateLocaleParam(model(true), { locale: ['en'] as unknown as string }))
      .to.throw('Invalid parameter locale')
      .with.property('name', 'ValidationError');
    expect(() => validateLocaleParam(model(true), { locale: '' })).to.throw('Invalid parameter locale');
    expect(() => validateLocaleParam(model(true), { locale: 'fr' })).to.not.throw();
    expect(() => validateLocaleParam(model(false), { locale: ['en'] as unknown as string })).to.not.throw();
  });
});

describe('i18n: localized attributes', () => {
  it('shares the attributes not marked localized, never uid, system or hidden attributes', () => {
    const m = model(true, {
      title: { type: 'string', pluginOptions: { i18n: { localized: true } } },
      slug: { type: 'uid' },
      views: { type: 'integer', pluginOptions: { i18n: { localized: false } } },
      plain: { type: 'string' },
      createdAt: { type: 'datetime' },
      publishedAt: { type: 'datetime', visible: false },
    });
    expect(isLocalizedModel(m)).to.equal(true);
    expect(isLocalizedModel(model(false))).to.equal(false);
    expect(sharedScalarFields(m).map((f) => f.name)).to.deep.equal(['views', 'plain']);
  });

  it('reads the ids of every relation input form', () => {
    expect(idsOfRelationInput([1, '2', { id: 3 }, 1])).to.deep.equal([1, 2, 3]);
    expect(idsOfRelationInput({ set: [{ id: 4 }] })).to.deep.equal([4]);
    expect(idsOfRelationInput({ connect: [5] })).to.deep.equal([5]);
    expect(idsOfRelationInput(6)).to.deep.equal([6]);
    expect(idsOfRelationInput(null)).to.deep.equal([]);
    expect(idsOfRelationInput(['x', -1, 0])).to.deep.equal([]);
  });
});

describe('i18n: locale codes and configuration', () => {
  it('names locales the way Strapi v4 does', () => {
    expect(localeDisplayName('en')).to.equal('English (en)');
    expect(localeDisplayName('fr')).to.equal('French (fr)');
    expect(localeDisplayName('de')).to.equal('German (de)');
  });

  it('accepts locale codes and rejects anything else', () => {
    for (const ok of ['en', 'fr', 'pt-BR', 'zh-Hans', 'es-419']) expect(isLocaleCode(ok), ok).to.equal(true);
    for (const bad of ['', 'e', 'EN', 'en_US', 'en-', 1, null, '../x']) expect(isLocaleCode(bad), String(bad)).to.equal(false);
  });

  it('validates the plugin configuration, naming the key', () => {
    expect(() => validateI18nConfig({ defaultLocale: 'en', locales: ['en', 'fr'] })).to.not.throw();
    expect(() => validateI18nConfig({})).to.not.throw();
    expect(() => validateI18nConfig({ defaultLocale: 'EN!' })).to.throw('"defaultLocale" must be a locale code');
    expect(() => validateI18nConfig({ locales: 'fr' as unknown as string[] })).to.throw('"locales" must be an array');
    expect(() => validateI18nConfig({ locales: ['fr', 'x y'] })).to.throw('"locales[1]" must be a locale code');
    expect(() => validateI18nConfig({ locales: ['fr', 'de', 'fr'] })).to.throw('"locales[2]" repeats "locales[0]" ("fr")');
    expect(() => validateI18nConfig({ defaultLocale: 'it', locales: ['fr'] })).to.throw('"defaultLocale" "it" is not among "locales" (fr)');
    expect(() => validateI18nConfig({ defaultLocale: 'it' })).to.not.throw();
  });

  it('reads stored datetimes of every driver as ISO strings', () => {
    const iso = '2024-01-02T03:04:05.678Z';
    expect(toIsoString(new Date(iso))).to.equal(iso);
    expect(toIsoString(Date.parse(iso))).to.equal(iso);
    expect(toIsoString(String(Date.parse(iso)))).to.equal(iso);
    expect(toIsoString(iso)).to.equal(iso);
    expect(toIsoString('2024-01-02 03:04:05.678')).to.equal(iso);
    expect(toIsoString(null)).to.equal(null);
  });
});
