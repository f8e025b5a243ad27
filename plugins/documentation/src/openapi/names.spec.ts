import { expect } from 'chai';
import type { Model, ModelRegistry } from '@platform/core';
import { modelName, modelNames, pascalCase } from './names';

function registry(models: Array<Pick<Model, 'uid' | 'kind' | 'namespace' | 'singularName'>>): ModelRegistry {
  const all = models as Model[];
  return {
    all: () => all,
    contentTypes: () => all.filter((m) => m.kind !== 'component'),
    components: () => all.filter((m) => m.kind === 'component'),
    get: (uid) => all.find((m) => m.uid === uid) as Model,
    find: (uid) => all.find((m) => m.uid === uid),
    has: (uid) => all.some((m) => m.uid === uid),
  };
}

describe('model names in the document and the types', () => {
  it('PascalCases words', () => {
    expect(pascalCase('shared.rich-text')).to.equal('SharedRichText');
    expect(pascalCase('users-permissions-user')).to.equal('UsersPermissionsUser');
  });

  it('names app types by singular name, plugin types with their plugin, components with their category', () => {
    const names = modelNames(
      registry([
        { uid: 'api::article.article', kind: 'collectionType', namespace: 'api', singularName: 'article' },
        { uid: 'plugin::uploader.file', kind: 'collectionType', namespace: 'plugin', singularName: 'file' },
        { uid: 'shared.seo', kind: 'component', namespace: 'component', singularName: 'seo' },
      ]),
    );
    expect([...names]).to.deep.equal([
      ['api::article.article', 'Article'],
      ['plugin::uploader.file', 'UploaderFile'],
      ['shared.seo', 'SharedSeoComponent'],
    ]);
  });

  it('numbers a clash in uid order, whatever order the models come in', () => {
    const models = [
      { uid: 'api::shop-item.item', kind: 'collectionType' as const, namespace: 'api' as const, singularName: 'item' },
      { uid: 'api::item.item', kind: 'collectionType' as const, namespace: 'api' as const, singularName: 'item' },
    ];
    const expected = [
      ['api::item.item', 'Item'],
      ['api::shop-item.item', 'Item2'],
    ];
    expect([...modelNames(registry(models))]).to.deep.equal(expected);
    expect([...modelNames(registry([...models].reverse()))]).to.deep.equal(expected);
  });

  it('names one model as modelNames does, without comparing uids when no names clash', () => {
    const distinct = registry([
      { uid: 'shared.seo', kind: 'component', namespace: 'component', singularName: 'seo' },
      { uid: 'api::article.article', kind: 'collectionType', namespace: 'api', singularName: 'article' },
      { uid: 'plugin::uploader.file', kind: 'collectionType', namespace: 'plugin', singularName: 'file' },
      { uid: 'api::2fa.2fa', kind: 'collectionType', namespace: 'api', singularName: '2fa' },
    ]);
    const clashing = registry([
      { uid: 'api::shop-item.item', kind: 'collectionType', namespace: 'api', singularName: 'item' },
      { uid: 'api::item2.item2', kind: 'collectionType', namespace: 'api', singularName: 'item2' },
      { uid: 'api::item.item', kind: 'collectionType', namespace: 'api', singularName: 'item' },
    ]);
    const compare = String.prototype.localeCompare;
    let comparisons = 0;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
      comparisons++;
      return compare.apply(this, args);
    };
    try {
      expect(distinct.all().map((model) => modelName(distinct, model.uid))).to.deep.equal(['SharedSeoComponent', 'Article', 'UploaderFile', 'T2fa']);
      expect(comparisons).to.equal(0);
      expect(modelName(distinct, 'api::missing.missing')).to.equal(undefined);
      expect(clashing.all().map((model) => modelName(clashing, model.uid))).to.deep.equal(['Item3', 'Item2', 'Item']);
      expect(comparisons).to.be.greaterThan(0);
    } finally {
      String.prototype.localeCompare = compare;
    }
    for (const models of [distinct, clashing]) {
      const names = modelNames(models);
      for (const model of models.all()) expect(modelName(models, model.uid)).to.equal(names.get(model.uid));
    }
  });
});
