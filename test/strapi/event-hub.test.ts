/**
 * `strapi.eventHub` hears what Strapi v4's entity service and upload plugin emit, once each
 * write has committed: `entry.create|update|delete`, then `entry.publish` or `entry.unpublish`
 * when the write changed the entry's publication, and `media.create|update|delete` for files
 * (with `{ media }`, and no entry event). On the example app, whose articles have drafts.
 */
import { assert, expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { png, send, upload, uploadApp } from '../upload/helpers';

type Heard = [string, Record<string, unknown>];

/** the event names with the ids and uids they carry */
const summary = (heard: Heard[]) =>
  heard.map(([name, payload]) => {
    const entry = (payload.entry ?? payload.media) as { id: number };
    return payload.media ? `${name} media ${entry.id}` : `${name} ${String(payload.uid)} ${entry.id} (${String(payload.model)})`;
  });

const appDir = uploadApp();
after(() => appDir.remove());

describeEachDatabase(
  'strapi.eventHub: the events of writes',
  (ctx) => {
    const heard: Heard[] = [];
    let stop: (() => void) | undefined;
    before(() => {
      const strapi = globalThis.strapi;
      assert.exists(strapi);
      stop = strapi.eventHub.subscribe((name: string, payload: unknown) => {
        heard.push([name, payload as Record<string, unknown>]);
      });
    });
    beforeEach(() => {
      heard.length = 0;
    });
    after(() => stop?.());

    it('a create that publishes, an unpublish, a publish and a delete of an article', async () => {
      const created = await ctx.app.post('/api/articles', { data: { title: 'Heard' } });
      expect(created.status).to.equal(200);
      const id = created.body.data.id as number;
      expect(created.body.data.attributes.publishedAt).to.be.a('string');
      expect((await ctx.app.put(`/api/articles/${id}`, { data: { publishedAt: null } })).status).to.equal(200);
      expect((await ctx.app.put(`/api/articles/${id}`, { data: { title: 'Heard again' } })).status).to.equal(200);
      expect((await ctx.app.put(`/api/articles/${id}`, { data: { publishedAt: '2026-01-01T00:00:00.000Z' } })).status).to.equal(200);
      expect((await ctx.app.del(`/api/articles/${id}`)).status).to.equal(200);
      const article = `api::article.article ${id} (article)`;
      expect(summary(heard)).to.deep.equal([
        `entry.create ${article}`,
        `entry.publish ${article}`,
        `entry.update ${article}`,
        `entry.unpublish ${article}`,
        `entry.update ${article}`,
        `entry.update ${article}`,
        `entry.publish ${article}`,
        `entry.delete ${article}`,
      ]);
      const [, publish] = heard;
      expect(publish?.[1].entry).to.deep.include({ id, title: 'Heard' });
    });

    it('a file uploaded, renamed and deleted: media events only', async () => {
      const uploaded = await upload(ctx.app, [{ name: 'dot.png', type: 'image/png', data: await png(4, 4) }]);
      expect(uploaded.status).to.equal(200);
      const id = (uploaded.body as Array<{ id: number }>)[0]?.id as number;
      const form = new FormData();
      form.append('fileInfo', JSON.stringify({ name: 'renamed.png' }));
      expect((await send(ctx.app, 'POST', `/api/upload?id=${id}`, form as unknown as string)).status).to.equal(200);
      expect((await ctx.app.del(`/api/upload/files/${id}`)).status).to.equal(200);
      expect(summary(heard)).to.deep.equal([`media.create media ${id}`, `media.update media ${id}`, `media.delete media ${id}`]);
      expect(heard[1]?.[1].media).to.deep.include({ id, name: 'renamed.png' });
    });

    it('a write that is refused emits nothing', async () => {
      expect((await ctx.app.post('/api/articles', { data: { title: 'x'.repeat(201) } })).status).to.equal(400);
      expect(heard).to.deep.equal([]);
    });
  },
  { appDir: appDir.dir },
);
