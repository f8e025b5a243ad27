import { expect } from 'chai';
import { enabledInTree, expandPattern, permissionTree } from './known-actions';

describe('users-permissions actions', () => {
  const known = ['api::article.article.create', 'api::article.article.find', 'api::article.articles.find', 'plugin::users-permissions.user.me'];

  it('a pattern ending in * names every known action under its prefix; another names itself', () => {
    expect(expandPattern('api::article.article.*', known)).to.deep.equal(['api::article.article.create', 'api::article.article.find']);
    expect(expandPattern('api::nothing.*', known)).to.deep.equal([]);
    expect(expandPattern('api::article.article.custom', known)).to.deep.equal(['api::article.article.custom']);
  });

  it("builds Strapi's permission tree and reads its enabled actions back", () => {
    const tree = permissionTree(known, new Set(['api::article.article.find', 'plugin::users-permissions.user.me']));
    expect(tree).to.deep.equal({
      'api::article': {
        controllers: {
          article: { create: { enabled: false, policy: '' }, find: { enabled: true, policy: '' } },
          articles: { find: { enabled: false, policy: '' } },
        },
      },
      'plugin::users-permissions': { controllers: { user: { me: { enabled: true, policy: '' } } } },
    });
    expect(enabledInTree(tree).sort()).to.deep.equal(['api::article.article.find', 'plugin::users-permissions.user.me']);
    expect(enabledInTree(null)).to.deep.equal([]);
    expect(enabledInTree({ 'api::x': { controllers: { y: { z: { enabled: 'yes' } } } } })).to.deep.equal([]);
  });
});
