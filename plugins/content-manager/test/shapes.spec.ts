/**
 * The content-manager on its own, over an in-memory entity service: what the controllers pass
 * to the service, and how flat entities become the Strapi v4 REST shape (relations and other
 * linked entries wrapped in `{ data }`, components flat, dynamic-zone items with
 * `__component`, counts, private attributes removed at every depth).
 */
import path from 'node:path';
import { expect } from 'chai';
import { RelationCount } from '@platform/query-engine';
import { startApp, type TestApp } from '../../../test/helpers/app';
import { fakeEngine } from './fixtures/shapes-app/fake-engine';

const APP = path.join(__dirname, 'fixtures', 'shapes-app');
const T = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };

describe('content-manager response shapes (in-memory engine)', function () {
  this.timeout(30000);
  let app: TestApp;
  before(async () => {
    app = await startApp({ appDir: APP, client: 'sqlite' });
  });
  after(async () => {
    await app?.close();
  });
  beforeEach(() => {
    fakeEngine(app.platform).calls.length = 0;
  });

  it('wraps relations, keeps components flat, tags dynamic-zone items, and counts', async () => {
    fakeEngine(app.platform).seed('api::post.post', [
      {
        id: 1,
        title: 'Hello',
        hidden: 'x',
        ...T,
        author: { id: 7, name: 'Ada', password: 'p', token: 't', ...T, posts: [{ id: 1, title: 'Hello', hidden: 'y' }] },
        readers: new RelationCount(3) as never,
        intro: { id: 4, body: 'b', note: 'private', person: null },
        blocks: [
          { __component: 'blocks.link', id: 1, url: '/a' },
          { id: 1, __component: 'blocks.text', body: 'c', note: 'n', person: { id: 7, name: 'Ada', token: 't' } },
        ],
      },
      { id: 2, title: 'Bare', ...T, author: null, readers: [], intro: null, blocks: [] },
    ]);
    const res = await app.get('/api/posts');
    expect(res.status).to.equal(200);
    expect(res.text).to.equal(
      JSON.stringify({
        data: [
          {
            id: 1,
            attributes: {
              title: 'Hello',
              ...T,
              author: { data: { id: 7, attributes: { name: 'Ada', ...T, posts: { data: [{ id: 1, attributes: { title: 'Hello' } }] } } } },
              readers: { data: { attributes: { count: 3 } } },
              intro: { id: 4, body: 'b', person: { data: null } },
              blocks: [
                { id: 1, __component: 'blocks.link', url: '/a' },
                { id: 1, __component: 'blocks.text', body: 'c', person: { data: { id: 7, attributes: { name: 'Ada' } } } },
              ],
            },
          },
          { id: 2, attributes: { title: 'Bare', ...T, author: { data: null }, readers: { data: [] }, intro: null, blocks: [] } },
        ],
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } },
      }),
    );
  });

  it('passes only the content-API query keys to the service', async () => {
    const res = await app.get('/api/posts?fields[0]=title&filters[title][$eq]=x&sort=title&populate=*&pagination[page]=2&publicationState=live&locale=en&includePrivate=true&_q=x&foo=bar');
    expect(res.status).to.equal(200);
    expect(fakeEngine(app.platform).calls).to.deep.equal([
      {
        method: 'findPage',
        uid: 'api::post.post',
        params: { fields: ['title'], filters: { title: { $eq: 'x' } }, sort: 'title', populate: '*', pagination: { page: '2' }, publicationState: 'live', locale: 'en', _q: 'x' },
      },
    ]);
  });

  it('creates with the body data (non-writable keys dropped) and the read-back query', async () => {
    const res = await app.post('/api/posts?populate=author&filters[x]=1&locale=fr', { data: { id: 5, title: 'New', createdAt: 'x', updatedAt: 'y', createdBy: 1 } });
    expect(res.status).to.equal(200);
    expect(fakeEngine(app.platform).calls).to.deep.equal([{ method: 'create', uid: 'api::post.post', params: { populate: 'author', locale: 'fr', data: { title: 'New' } } }]);
    expect(res.body).to.deep.equal({ data: { id: 3, attributes: { title: 'New', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' } }, meta: {} });
  });

  it('updates and deletes by numeric id', async () => {
    const put = await app.put('/api/posts/3', { data: { title: 'Changed', hidden: 'h' } });
    expect(put.status).to.equal(200);
    expect(put.body.data.attributes).to.deep.equal({ title: 'Changed', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
    const del = await app.del('/api/posts/3');
    expect(del.status).to.equal(200);
    expect(del.body).to.deep.equal(put.body);
    expect(fakeEngine(app.platform).calls.map((c) => [c.method, c.id])).to.deep.equal([
      ['update', 3],
      ['delete', 3],
    ]);
  });

  it('answers 404 when the service finds nothing', async () => {
    const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
    expect((await app.get('/api/posts/42')).body).to.deep.equal(notFound);
    expect((await app.put('/api/posts/42', { data: {} })).body).to.deep.equal(notFound);
    expect((await app.del('/api/posts/42')).body).to.deep.equal(notFound);
    expect((await app.get('/api/site')).body).to.deep.equal(notFound);
    expect((await app.del('/api/site')).body).to.deep.equal(notFound);
  });

  it('single type: PUT creates, then updates the one entry', async () => {
    const created = await app.put('/api/site', { data: { name: 'One' } });
    expect(created.status).to.equal(200);
    expect(created.body).to.deep.equal({ data: { id: 1, attributes: { name: 'One', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' } }, meta: {} });
    const updated = await app.put('/api/site', { data: { name: 'Two' } });
    expect(updated.body.data).to.deep.include({ id: 1 });
    expect(fakeEngine(app.platform).store.get('api::site.site')).to.have.length(1);
    expect(fakeEngine(app.platform).calls.map((c) => c.method)).to.deep.equal(['findMany', 'create', 'findMany', 'update']);
    const got = await app.get('/api/site');
    expect(got.body.data.attributes.name).to.equal('Two');
  });

  it('serves the content-type-builder model endpoints', async () => {
    const types = await app.get('/api/content-type-builder/content-types');
    expect(types.status).to.equal(200);
    const site = types.body.data.find((t: { uid: string }) => t.uid === 'api::site.site');
    expect(site).to.deep.include({ uid: 'api::site.site', apiID: 'site' });
    expect(site.schema).to.deep.include({ singularName: 'site', pluralName: 'sites', displayName: 'Site', kind: 'singleType', collectionName: 'sites', draftAndPublish: false });
    expect(site.schema.attributes.name).to.deep.equal({ type: 'string' });
    const post = types.body.data.find((t: { uid: string }) => t.uid === 'api::post.post');
    expect(post.schema.attributes.author).to.deep.include({ type: 'relation', target: 'api::person.person', targetAttribute: 'posts' });
    const components = await app.get('/api/content-type-builder/components');
    expect(components.status).to.equal(200);
    expect(components.body.data.map((c: { uid: string }) => c.uid).sort()).to.deep.equal(['blocks.link', 'blocks.text']);
    expect(components.body.data.find((c: { uid: string }) => c.uid === 'blocks.link')).to.deep.equal({
      uid: 'blocks.link',
      category: 'blocks',
      apiId: 'link',
      // No pluginOptions key: the component declares none (Strapi v4; this asserted `pluginOptions: {}` before).
      schema: { displayName: 'Link', description: '', collectionName: 'components_blocks_links', attributes: { url: { type: 'string' } } },
    });
  });
});
