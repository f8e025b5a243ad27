import { assert, expect } from 'chai';
import { parseGenerateArgs, plannedFiles, pluralOf } from './generate';

describe('platform generate arguments and files', () => {
  it('puts each kind where Strapi v4 puts it (without src/)', () => {
    const files = (...argv: string[]) => plannedFiles(parseGenerateArgs(argv)).map((f) => f.file);
    expect(files('api', 'shop')).to.deep.equal(['api/shop/controllers/shop.ts', 'api/shop/routes/shop.ts', 'api/shop/services/shop.ts']);
    expect(files('content-type', 'blog-post', '--api', 'blog')).to.deep.equal(['api/blog/content-types/blog-post/schema.json']);
    expect(files('controller', 'c', '--api', 'shop')).to.deep.equal(['api/shop/controllers/c.ts']);
    expect(files('service', 's', '--api', 'shop')).to.deep.equal(['api/shop/services/s.ts']);
    expect(files('policy', 'p', '--api', 'shop')).to.deep.equal(['api/shop/policies/p.ts']);
    expect(files('middleware', 'm')).to.deep.equal(['middlewares/m.ts']);
    expect(files('middleware', 'm', '--api', 'shop')).to.deep.equal(['api/shop/middlewares/m.ts']);
    expect(files('plugin', 'seo')).to.deep.equal(['plugins-local/seo/package.json', 'plugins-local/seo/index.ts']);
  });

  it('writes a single type with draft & publish and the given attributes', () => {
    const [schema] = plannedFiles(parseGenerateArgs(['content-type', 'home-page', '--single', '--draft-and-publish', '--attributes', 'title:string, hero:media']));
    assert.exists(schema);
    expect(JSON.parse(schema.content)).to.deep.include({
      kind: 'singleType',
      collectionName: 'home_pages',
      info: { singularName: 'home-page', pluralName: 'home-pages', displayName: 'Home page', description: '' },
      options: { draftAndPublish: true },
      attributes: { title: { type: 'string' }, hero: { type: 'media' } },
    });
  });

  it('makes plurals by the common English rules', () => {
    expect(['story', 'day', 'box', 'match', 'post', 'class'].map(pluralOf)).to.deep.equal(['stories', 'days', 'boxes', 'matches', 'posts', 'classes']);
  });

  it('refuses unknown kinds, names that are not kebab-case and malformed attributes', () => {
    expect(() => parseGenerateArgs(['model', 'x'])).to.throw('generate: unknown kind "model"');
    expect(() => parseGenerateArgs(['api', 'My_Api'])).to.throw('generate: name "My_Api" must be kebab-case (blog-post)');
    expect(() => parseGenerateArgs(['content-type', 'x', '--attributes', 'title'])).to.throw('generate: --attributes takes name:type pairs');
    expect(() => parseGenerateArgs(['policy', 'x'])).to.throw('generate policy: --api API is required');
    expect(() => parseGenerateArgs(['api'])).to.throw('generate: missing <name>');
  });
});
