import { expect } from 'chai';
import type { Model } from '@platform/core';
import { enumName, enumValueName, operationNames, typeName } from './naming';

const model = (uid: string, singularName: string, pluralName: string, kind: Model['kind'] = 'collectionType'): Model =>
  ({ uid, singularName, pluralName, kind, namespace: uid.startsWith('plugin::') ? 'plugin' : uid.startsWith('api::') ? 'api' : 'component' }) as Model;

describe('GraphQL naming (Strapi v4)', () => {
  it('names content-types, plugin types and components', () => {
    expect(typeName(model('api::article.article', 'article', 'articles'))).to.equal('Article');
    expect(typeName(model('api::blog-post.blog-post', 'blog-post', 'blog-posts'))).to.equal('BlogPost');
    expect(typeName(model('plugin::upload.file', 'file', 'files'))).to.equal('UploadFile');
    expect(typeName(model('plugin::i18n.locale', 'locale', 'locales'))).to.equal('I18NLocale');
    expect(typeName(model('plugin::users-permissions.user', 'user', 'users'))).to.equal('UsersPermissionsUser');
    expect(typeName(model('shared.rich-text', 'rich-text', 'rich-texts', 'component'))).to.equal('ComponentSharedRichText');
  });

  it('names the root fields', () => {
    expect(operationNames(model('plugin::users-permissions.user', 'user', 'users'))).to.deep.equal({
      findOne: 'usersPermissionsUser',
      find: 'usersPermissionsUsers',
      create: 'createUsersPermissionsUser',
      update: 'updateUsersPermissionsUser',
      delete: 'deleteUsersPermissionsUser',
    });
    expect(operationNames(model('plugin::i18n.locale', 'locale', 'locales')).find).to.equal('i18NLocales');
  });

  it('names enums and their values', () => {
    expect(enumName(model('api::article.article', 'article', 'articles'), 'publishedOn')).to.equal('ENUM_ARTICLE_PUBLISHEDON');
    expect(enumName(model('api::article.article', 'article', 'articles'), 'status', 'MY_ENUM')).to.equal('MY_ENUM');
    expect(['draft', 'read-only', '1st', 'a b'].map(enumValueName)).to.deep.equal(['draft', 'read_only', '_1st', 'a_b']);
  });
});
