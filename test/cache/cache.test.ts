/**
 * The response cache on one node: a repeated read is the stored bytes (no SQL, an ETag, a 304
 * for a matching If-None-Match), byte-identical to the uncached answer, keyed by the caller's
 * scope, and no longer served after any write that changes what it shows: the entry itself, a
 * relation written from the other side, a component, a dynamic zone, publish and unpublish, a
 * locale, a delete, and a write outside the entity service.
 */
import { assert, expect } from 'chai';
import { describeEachDatabase, startApp, type TestApp } from '../helpers/app';
import { CACHE_ON, seedArticle } from './fixtures';

/** reads `path` twice: the second read is answered without SQL and with the same bytes */
async function cachedRead(app: TestApp, path: string) {
  const first = await app.get(path);
  expect(first.status, first.text).to.equal(200);
  const second = await app.countQueries(() => app.get(path));
  expect(second.count, 'a hit runs no SQL').to.equal(0);
  expect(second.result.text).to.equal(first.text);
  expect(second.result.headers.get('etag')).to.equal(first.headers.get('etag'));
  expect(second.result.headers.get('x-cache')).to.equal('hit');
  return first;
}

describeEachDatabase(
  'response cache',
  (ctx) => {
    let category: number;
    let tag: number;
    let article: number;
    before(async () => {
      ({ category, tag, article } = await seedArticle(ctx.app, { seo: { metaTitle: 'seo one' }, blocks: [{ __component: 'shared.quote', title: 'q1' }] }));
    });

    it('a hit is the stored bytes with an ETag; If-None-Match with it gets a 304 without a body', async () => {
      const first = await cachedRead(ctx.app, '/api/articles?populate=*');
      const etag = first.headers.get('etag');
      assert.exists(etag);
      expect(etag).to.match(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      const notModified = await ctx.app.get('/api/articles?populate=*', { 'if-none-match': etag });
      expect(notModified.status).to.equal(304);
      expect(notModified.text).to.equal('');
      const other = await ctx.app.get('/api/articles?populate=*', { 'if-none-match': '"other"' });
      expect(other.status).to.equal(200);
      expect(other.text).to.equal(first.text);
    });

    it('answers are byte-identical to those of the same app without the cache', async () => {
      const uncached = await startApp({ client: ctx.client, database: ctx.app.database });
      try {
        for (const path of [
          '/api/articles?populate=*',
          `/api/articles/${article}?populate[tags][fields][0]=name`,
          '/api/categories?populate=articles&sort=id',
          '/api/articles?pagination[pageSize]=25',
        ]) {
          const cached = await cachedRead(ctx.app, path);
          const plain = await uncached.get(path);
          expect(plain.text, path).to.equal(cached.text);
          expect(plain.headers.get('etag'), 'without the cache, no ETag').to.equal(null);
        }
      } finally {
        await uncached.close();
      }
    });

    it('two spellings of one query share an answer; another query does not', async () => {
      await cachedRead(ctx.app, '/api/articles?fields[0]=title&sort=id');
      const spelled = await ctx.app.countQueries(() => ctx.app.get('/api/articles?fields%5B0%5D=title&sort=id'));
      expect(spelled.count).to.equal(0);
      const other = await ctx.app.countQueries(() => ctx.app.get('/api/articles?fields[0]=views&sort=id'));
      expect(other.count).to.be.greaterThan(0);
    });

    it('an update of the entry is seen by the next read', async () => {
      const path = `/api/articles/${article}`;
      await cachedRead(ctx.app, path);
      expect((await ctx.app.put(path, { data: { title: 'Renamed' } })).status).to.equal(200);
      expect((await ctx.app.get(path)).body.data.attributes.title).to.equal('Renamed');
    });

    it('a relation written from the other side changes what the other type populates', async () => {
      const path = `/api/tags/${tag}?populate=articles`;
      const before = await cachedRead(ctx.app, path);
      expect(before.body.data.attributes.articles.data.map((a: { id: number }) => a.id)).to.deep.equal([article]);
      expect((await ctx.app.put(`/api/articles/${article}`, { data: { tags: { disconnect: [tag] } } })).status).to.equal(200);
      expect((await ctx.app.get(path)).body.data.attributes.articles.data).to.deep.equal([]);
      // and the inverse: a write on the tag side changes the article's populate
      const articlePath = `/api/articles/${article}?populate=tags`;
      await cachedRead(ctx.app, articlePath);
      expect((await ctx.app.put(`/api/tags/${tag}`, { data: { articles: { connect: [article] } } })).status).to.equal(200);
      expect((await ctx.app.get(articlePath)).body.data.attributes.tags.data.map((t: { id: number }) => t.id)).to.deep.equal([tag]);
    });

    it('a change of the related entry itself changes the populated answer', async () => {
      const path = `/api/articles/${article}?populate=category`;
      await cachedRead(ctx.app, path);
      expect((await ctx.app.put(`/api/categories/${category}`, { data: { name: 'World' } })).status).to.equal(200);
      expect((await ctx.app.get(path)).body.data.attributes.category.data.attributes.name).to.equal('World');
    });

    it('component and dynamic zone changes are seen', async () => {
      const path = `/api/articles/${article}?populate[seo]=*&populate[blocks]=*`;
      await cachedRead(ctx.app, path);
      const res = await ctx.app.put(`/api/articles/${article}`, { data: { seo: { metaTitle: 'seo two' }, blocks: [{ __component: 'shared.quote', title: 'q2' }] } });
      expect(res.status, res.text).to.equal(200);
      const after = (await ctx.app.get(path)).body.data.attributes;
      expect(after.seo.metaTitle).to.equal('seo two');
      expect(after.blocks.map((b: { title: string }) => b.title)).to.deep.equal(['q2']);
    });

    it('unpublish and publish are seen in live and preview', async () => {
      const live = '/api/articles?fields[0]=title';
      const preview = '/api/articles?fields[0]=title&publicationState=preview';
      await cachedRead(ctx.app, live);
      await cachedRead(ctx.app, preview);
      expect((await ctx.app.put(`/api/articles/${article}`, { data: { publishedAt: null } })).status).to.equal(200);
      expect((await ctx.app.get(live)).body.data).to.deep.equal([]);
      expect((await ctx.app.get(preview)).body.data.map((a: { id: number }) => a.id)).to.deep.equal([article]);
      await cachedRead(ctx.app, live);
      expect((await ctx.app.put(`/api/articles/${article}`, { data: { publishedAt: new Date().toISOString() } })).status).to.equal(200);
      expect((await ctx.app.get(live)).body.data.map((a: { id: number }) => a.id)).to.deep.equal([article]);
    });

    it("a new locale is seen by that locale's list and the localizations", async () => {
      const fr = '/api/articles?locale=fr&fields[0]=title';
      expect((await cachedRead(ctx.app, fr)).body.data).to.deep.equal([]);
      const res = await ctx.app.post(`/api/articles/${article}/localizations`, { locale: 'fr', title: 'Premier', publishedAt: new Date().toISOString() });
      expect(res.status, res.text).to.equal(200);
      expect((await ctx.app.get(fr)).body.data.map((a: { attributes: { title: string } }) => a.attributes.title)).to.deep.equal(['Premier']);
    });

    it('a delete is seen, and so is a write outside the entity service', async () => {
      const path = '/api/categories?sort=id&fields[0]=name';
      await cachedRead(ctx.app, path);
      await ctx.app.platform.db.transaction(async (trx) => {
        await trx('categories').where({ id: category }).update({ name: 'Raw' });
      });
      expect((await ctx.app.get(path)).body.data[0].attributes.name).to.equal('Raw');
      await cachedRead(ctx.app, path);
      expect((await ctx.app.del(`/api/categories/${category}`)).status).to.equal(200);
      expect((await ctx.app.get(path)).body.data).to.deep.equal([]);
    });

    it('an error answer is not kept', async () => {
      const first = await ctx.app.get('/api/articles/999999');
      expect(first.status).to.equal(404);
      const again = await ctx.app.countQueries(() => ctx.app.get('/api/articles/999999'));
      expect(again.result.status).to.equal(404);
      expect(again.count).to.be.greaterThan(0);
    });
  },
  { config: CACHE_ON },
);
