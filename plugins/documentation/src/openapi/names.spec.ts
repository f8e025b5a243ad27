import { expect } from 'chai';
import type { Model, ModelRegistry } from '@platform/core';
import { modelNames, pascalCase } from './names';

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
});
