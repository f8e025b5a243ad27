/**
 * A POST that names `localizations` joins their group: the new entry takes the group's shared
 * values it does not send, what it sends becomes the group's value, and every member links to
 * every other (fixture app `dp-i18n-app`).
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import type { Knex } from 'knex';

const APP = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');

async function groups(knex: Knex): Promise<number[][]> {
  const rows = await knex('posts_localizations_links').select('post_id', 'inv_post_id').orderBy(['post_id', 'post_order']);
  return rows.map((r: Record<string, unknown>) => [Number(r.post_id), Number(r.inv_post_id)]);
}

describeEachDatabase(
  'i18n: creating an entry linked to localizations',
  (ctx) => {
    before(async () => {
      expect((await ctx.app.post('/api/posts', { data: { title: 'Hello', views: 5, flags: { hot: true } } })).status).to.equal(200);
      expect((await ctx.app.post('/api/posts/1/localizations', { locale: 'fr', title: 'Bonjour' })).status).to.equal(200);
    });

    it('takes the shared values of the group it joins and links to all of it', async () => {
      const res = await ctx.app.post('/api/posts', { data: { title: 'Hallo', locale: 'de', localizations: [1] } });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.deep.include({ id: 3 });
      expect(res.body.data.attributes).to.include({ title: 'Hallo', views: 5, locale: 'de' });
      expect(res.body.data.attributes.flags).to.deep.equal({ hot: true });
      expect(await groups(ctx.app.knex)).to.deep.equal([
        [1, 2],
        [1, 3],
        [2, 1],
        [2, 3],
        [3, 1],
        [3, 2],
      ]);
    });

    it('ignores localizations and locale on PUT', async () => {
      const res = await ctx.app.put('/api/posts/3', { data: { title: 'Hallo!', localizations: [], locale: 'en' } });
      expect(res.status).to.equal(200);
      expect(res.body.data.attributes).to.include({ title: 'Hallo!', locale: 'de' });
      expect(await groups(ctx.app.knex)).to.deep.equal([
        [1, 2],
        [1, 3],
        [2, 1],
        [2, 3],
        [3, 1],
        [3, 2],
      ]);
    });

    it('syncs shared values sent by a PUT of Json member, JSON included', async () => {
      const res = await ctx.app.put('/api/posts/3', { data: { views: 9, flags: [1, { a: 'b' }] } });
      expect(res.status).to.equal(200);
      const all = await ctx.app.get('/api/posts?locale=all&publicationState=preview&fields[0]=views&fields[1]=flags&fields[2]=locale');
      expect(all.body.data).to.deep.equal([
        { id: 1, attributes: { views: 9, flags: [1, { a: 'b' }], locale: 'en' } },
        { id: 2, attributes: { views: 9, flags: [1, { a: 'b' }], locale: 'fr' } },
        { id: 3, attributes: { views: 9, flags: [1, { a: 'b' }], locale: 'de' } },
      ]);
    });
  },
  { appDir: APP },
);
