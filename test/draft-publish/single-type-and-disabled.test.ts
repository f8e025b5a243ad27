/**
 * Draft & publish on a single type, and the plugin switched off in `config/plugins.ts`
 * (fixture app `dp-i18n-app`, whose plugins are toggled through the environment).
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { countRows } from '../helpers/count';

const APP = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');
const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

describeEachDatabase(
  'draft & publish: single type',
  (ctx) => {
    it('answers 404 while the single type is empty', async () => {
      const res = await ctx.app.get('/api/homepage');
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(NOT_FOUND);
    });

    it('publishes the entry a PUT creates', async () => {
      const res = await ctx.app.put('/api/homepage', { data: { headline: 'Welcome' } });
      expect(res.status).to.equal(200);
      expect(res.body.data.id).to.equal(1);
      expect(res.body.data.attributes.publishedAt).to.match(/^\d{4}-\d\d-\d\dT/);
      const read = await ctx.app.get('/api/homepage?fields[0]=headline');
      expect(read.body).to.deep.equal({ data: { id: 1, attributes: { headline: 'Welcome' } }, meta: {} });
    });

    it('unpublishes with publishedAt null: 404 in live, the entry in preview', async () => {
      const res = await ctx.app.put('/api/homepage', { data: { publishedAt: null } });
      expect(res.status).to.equal(200);
      expect(res.body.data.attributes.publishedAt).to.equal(null);
      expect(res.body.data.attributes.headline).to.equal('Welcome');
      expect((await ctx.app.get('/api/homepage')).body).to.deep.equal(NOT_FOUND);
      const preview = await ctx.app.get('/api/homepage?publicationState=preview&fields[0]=headline&fields[1]=publishedAt');
      expect(preview.body).to.deep.equal({ data: { id: 1, attributes: { headline: 'Welcome', publishedAt: null } }, meta: {} });
      expect(await countRows(ctx.app.knex('homepages'))).to.equal(1);
    });

    it('keeps a draft a draft when a later PUT does not send publishedAt', async () => {
      const res = await ctx.app.put('/api/homepage', { data: { headline: 'Welcome back' } });
      expect(res.status).to.equal(200);
      expect(res.body.data.attributes.publishedAt).to.equal(null);
      expect(await countRows(ctx.app.knex('homepages'))).to.equal(1);
    });
  },
  { appDir: APP },
);

describeEachDatabase(
  'draft & publish: plugin disabled',
  (ctx) => {
    it('gives no content-type a publishedAt attribute or column', async () => {
      expect(ctx.app.platform.isPluginEnabled('draft-publish')).to.equal(false);
      expect(await ctx.app.knex.schema.hasColumn('posts', 'published_at')).to.equal(false);
      expect(await ctx.app.knex.schema.hasColumn('homepages', 'published_at')).to.equal(false);
      const res = await ctx.app.post('/api/posts', { data: { title: 'One', publishedAt: null } });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body.data.attributes)).to.deep.equal(['title', 'slug', 'code', 'views', 'flags', 'createdAt', 'updatedAt', 'locale']);
    });

    it('shows every entry and ignores publicationState, whatever its value', async () => {
      const expected = { data: [{ id: 1, attributes: { title: 'One' } }], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } };
      for (const query of ['', '&publicationState=live', '&publicationState=preview', '&publicationState=foo']) {
        const res = await ctx.app.get(`/api/posts?fields[0]=title${query}`);
        expect(res.status, query).to.equal(200);
        expect(res.body, query).to.deep.equal(expected);
      }
      expect((await ctx.app.get('/api/posts/1?fields[0]=title&publicationState=foo')).body).to.deep.equal({ data: { id: 1, attributes: { title: 'One' } }, meta: {} });
    });

    it('does not hide anything through populate', async () => {
      await ctx.app.post('/api/topics', { data: { name: 'T', posts: [1] } });
      const res = await ctx.app.get('/api/topics/1?fields[0]=name&populate[posts][fields][0]=title');
      expect(res.body).to.deep.equal({ data: { id: 1, attributes: { name: 'T', posts: { data: [{ id: 1, attributes: { title: 'One' } }] } } }, meta: {} });
    });
  },
  { appDir: APP, env: { DP_ENABLED: 'false' } },
);
