/**
 * Media changes through the upload plugin's own routes change the cached answers that show
 * the file: its description (`?id` with fileInfo), its content replaced, and its deletion (the
 * media field then shows nothing).
 */
import { expect } from 'chai';
import { describeUploads, png, send, upload } from '../upload/helpers';
import { CACHE_ON } from './fixtures';

describeUploads(
  'response cache: media changes',
  (ctx) => {
    it('a described, replaced and deleted file is seen by the next read of an entry that shows it', async () => {
      const [file] = (await upload(ctx.app, [{ name: 'cover.png', type: 'image/png', data: await png(60, 40) }])).body;
      const created = await ctx.app.post('/api/articles', { data: { title: 'With a cover', cover: file.id, publishedAt: new Date().toISOString() } });
      expect(created.status, created.text).to.equal(200);
      const path = `/api/articles/${created.body.data.id}?populate=cover`;
      const cover = async () => (await ctx.app.get(path)).body.data.attributes.cover.data;
      const cached = async () => {
        await ctx.app.get(path);
        const again = await ctx.app.countQueries(() => ctx.app.get(path));
        expect([again.count, again.result.headers.get('x-cache')]).to.deep.equal([0, 'hit']);
      };

      await cached();
      const described = await send(ctx.app, 'POST', `/api/upload?id=${file.id}`, JSON.stringify({ fileInfo: { alternativeText: 'a cover' } }), { 'content-type': 'application/json' });
      expect(described.status).to.equal(200);
      expect((await cover()).attributes.alternativeText).to.equal('a cover');

      await cached();
      const replaced = await upload(ctx.app, [{ name: 'wider.png', type: 'image/png', data: await png(90, 40) }], {}, `?id=${file.id}`);
      expect(replaced.status).to.equal(200);
      expect((await cover()).attributes).to.include({ name: 'wider.png', width: 90 });

      await cached();
      expect((await send(ctx.app, 'DELETE', `/api/upload/files/${file.id}`)).status).to.equal(200);
      expect(await cover()).to.equal(null);
    });
  },
  { config: CACHE_ON },
);
