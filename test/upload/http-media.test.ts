/**
 * Media attributes over HTTP on every database, with the upload plugin: every accepted body
 * form, the morph rows they leave (`files_related_morphs`), the populated answer, and the
 * clean-up on delete.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { createEntry, insertRows, RELATIONS_APP, updateEntry } from '../relations/helpers';

describeEachDatabase(
  'upload: media over HTTP',
  (ctx) => {
    let png = 0;
    let jpg = 0;
    let mp4 = 0;

    before(async () => {
      [png, jpg, mp4] = await insertRows(ctx.app, 'files', [
        { name: 'a.png', mime: 'image/png' },
        { name: 'b.jpg', mime: 'image/jpeg' },
        { name: 'c.mp4', mime: 'video/mp4' },
      ]);
    });

    const names = (): Record<number, string> => ({ [png]: 'a.png', [jpg]: 'b.jpg', [mp4]: 'c.mp4' });

    async function morphs(type: string, id: number) {
      const rows = await ctx.app.knex('files_related_morphs').select('file_id', 'field', 'order').where({ related_type: type, related_id: id }).orderBy('order');
      return rows.map((r) => ({ file_id: Number(r.file_id), field: r.field, order: Number(r.order) }));
    }

    async function gallery(post: number) {
      const res = await ctx.app.get(`/api/posts/${post}?fields[0]=title&populate[gallery][fields][0]=name`);
      expect(res.status).to.equal(200);
      return res.body.data.attributes.gallery;
    }

    it('a multiple media attribute: arrays, set, disconnect, [] and null', async () => {
      const post = await createEntry(ctx.app, 'posts', { title: 'media', gallery: [mp4, png] });
      expect(await morphs('api::post.post', post)).to.deep.equal([
        { file_id: mp4, field: 'gallery', order: 1 },
        { file_id: png, field: 'gallery', order: 2 },
      ]);
      expect(await gallery(post)).to.deep.equal({
        data: [
          { id: mp4, attributes: { name: 'c.mp4' } },
          { id: png, attributes: { name: 'a.png' } },
        ],
      });
      const steps: Array<[unknown, number[]]> = [
        [{ set: [{ id: jpg }, String(png)] }, [jpg, png]],
        [{ disconnect: [jpg] }, [png]],
        [[], []],
        [
          [png, jpg, mp4],
          [png, jpg, mp4],
        ],
        [null, []],
      ];
      for (const [value, expected] of steps) {
        await updateEntry(ctx.app, 'posts', post, { gallery: value });
        expect(await gallery(post), JSON.stringify(value)).to.deep.equal({ data: expected.map((id) => ({ id, attributes: { name: names()[id] } })) });
        expect((await morphs('api::post.post', post)).map((m) => m.file_id)).to.deep.equal(expected);
      }
    });

    it('a single media attribute keeps the last id and clears with null', async () => {
      const person = await createEntry(ctx.app, 'people', { name: 'avatar', avatar: png });
      await updateEntry(ctx.app, 'people', person, { avatar: [png, jpg] });
      const read = async () => (await ctx.app.get(`/api/people/${person}?fields[0]=name&populate[avatar][fields][0]=name`)).body;
      expect(await read()).to.deep.equal({ data: { id: person, attributes: { name: 'avatar', avatar: { data: { id: jpg, attributes: { name: 'b.jpg' } } } } }, meta: {} });
      expect(await morphs('api::person.person', person)).to.deep.equal([{ file_id: jpg, field: 'avatar', order: 1 }]);
      await updateEntry(ctx.app, 'people', person, { avatar: null });
      expect(await read()).to.deep.equal({ data: { id: person, attributes: { name: 'avatar', avatar: { data: null } } }, meta: {} });
      expect(await morphs('api::person.person', person)).to.deep.equal([]);
    });

    it('allowedTypes is enforced when the file type is known', async () => {
      const person = await createEntry(ctx.app, 'people', { name: 'typed' });
      const res = await ctx.app.put(`/api/people/${person}`, { data: { name: 'renamed', avatar: mp4 } });
      const message = `The file with id ${mp4} (video/mp4) is not allowed in "avatar", which accepts: images`;
      expect({ status: res.status, body: res.body }).to.deep.equal({
        status: 400,
        body: { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['avatar'], message, name: 'ValidationError' }] } } },
      });
      expect(await morphs('api::person.person', person)).to.deep.equal([]);
      const [unknownType] = await insertRows(ctx.app, 'files', [{ name: 'mystery', mime: null }]);
      await updateEntry(ctx.app, 'people', person, { avatar: unknownType });
      expect(await morphs('api::person.person', person)).to.deep.equal([{ file_id: unknownType, field: 'avatar', order: 1 }]);
    });

    it('deleting the entry removes its morph rows', async () => {
      const post = await createEntry(ctx.app, 'posts', { title: 'doomed media', gallery: [png, jpg] });
      expect((await ctx.app.del(`/api/posts/${post}`)).status).to.equal(200);
      expect(await morphs('api::post.post', post)).to.deep.equal([]);
    });
  },
  { appDir: RELATIONS_APP },
);
