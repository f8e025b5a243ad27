/**
 * Uploaded files in media attributes on every database (the populate fixture app: a shelf's
 * single `cover` and multiple `gallery`, both images only, and `picture` inside the `items`
 * component and the `zone` dynamic zone): linked on upload (`ref`/`refId`/`field`), set by id
 * in POST/PUT bodies, populated like relations (at a fixed number of queries for 100
 * entries), filtered and sorted through, refused where the type is not allowed, and unlinked
 * everywhere when the file is deleted.
 */
import { expect } from 'chai';
import { describeUploads, png, POPULATE_APP, send, upload } from './helpers';

describeUploads(
  'upload: files in media attributes',
  (ctx) => {
    let red = 0;
    let blue = 0;
    let notes = 0;
    let clip = 0;

    const morphs = async (type: string, id: number) =>
      (await ctx.app.knex('files_related_morphs').where({ related_type: type, related_id: id }).orderBy(['field', 'order']).select('file_id', 'field', 'order')).map((row) => ({
        file_id: Number(row.file_id),
        field: row.field,
        order: Number(row.order),
      }));
    const shelf = async (data: Record<string, unknown>) => {
      const res = await ctx.app.post('/api/shelves', { data });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.data.id as number;
    };
    const names = async (query: string) => (await ctx.app.get(`/api/shelves?${query}&fields[0]=name&sort=id`)).body.data.map((s: { attributes: { name: string } }) => s.attributes.name);

    before(async () => {
      const res = await upload(ctx.app, [
        { name: 'red.png', type: 'image/png', data: await png(300, 200) },
        { name: 'blue.png', type: 'image/png', data: await png(40, 40) },
        { name: 'notes.txt', type: 'text/plain', data: 'notes' },
        { name: 'clip.mp4', type: 'video/mp4', data: Buffer.from('not decoded: videos are stored as sent') },
      ]);
      expect(res.status).to.equal(200);
      [red, blue, notes, clip] = res.body.map((file: { id: number }) => file.id);
    });

    it('ids in POST/PUT bodies: order of a multiple attribute kept, populated as { data }', async () => {
      const id = await shelf({ name: 'by id', cover: red, gallery: [blue, red] });
      expect(await morphs('api::shelf.shelf', id)).to.deep.equal([
        { file_id: red, field: 'cover', order: 1 },
        { file_id: blue, field: 'gallery', order: 1 },
        { file_id: red, field: 'gallery', order: 2 },
      ]);
      const res = await ctx.app.get(`/api/shelves/${id}?fields[0]=name&populate[cover][fields][0]=name&populate[gallery][fields][0]=name`);
      expect(res.body.data.attributes).to.deep.equal({
        name: 'by id',
        cover: { data: { id: red, attributes: { name: 'red.png' } } },
        gallery: {
          data: [
            { id: blue, attributes: { name: 'blue.png' } },
            { id: red, attributes: { name: 'red.png' } },
          ],
        },
      });
      await ctx.app.put(`/api/shelves/${id}`, { data: { gallery: [red], cover: null } });
      expect(await morphs('api::shelf.shelf', id)).to.deep.equal([{ file_id: red, field: 'gallery', order: 1 }]);
      const full = await ctx.app.get(`/api/shelves/${id}?populate=cover`);
      expect(full.body.data.attributes.cover).to.deep.equal({ data: null });
    });

    it('refuses connect, missing ids and types the attribute does not allow, writing nothing', async () => {
      const id = await shelf({ name: 'refusals' });
      const cases: Array<[Record<string, unknown>, string, string[]]> = [
        [{ gallery: { connect: [red] } }, '"connect" cannot be used for the media attribute "gallery"; send the file ids or "set"', ['gallery']],
        [{ cover: 99999 }, '1 relation(s) of type plugin::upload.file associated with this entity do not exist', []],
        [{ cover: { $gt: 0 } }, 'Invalid relation item for attribute "cover": an object needs an "id"', ['cover']],
        [{ gallery: [red, notes] }, `The file with id ${notes} (text/plain) is not allowed in "gallery", which accepts: images`, ['gallery']],
        [{ cover: clip }, `The file with id ${clip} (video/mp4) is not allowed in "cover", which accepts: images`, ['cover']],
      ];
      for (const [data, message, path] of cases) {
        const res = await ctx.app.put(`/api/shelves/${id}`, { data });
        expect({ status: res.status, body: res.body }, JSON.stringify(data)).to.deep.equal({
          status: 400,
          body: { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path, message, name: 'ValidationError' }] } } },
        });
      }
      expect(await morphs('api::shelf.shelf', id)).to.deep.equal([]);
    });

    it('links on upload with ref/refId/field: a single attribute holds the last file, a multiple one appends', async () => {
      const id = await shelf({ name: 'linked on upload', gallery: [blue] });
      const gallery = await upload(
        ctx.app,
        [
          { name: 'g1.png', type: 'image/png', data: await png(20, 20) },
          { name: 'g2.png', type: 'image/png', data: await png(20, 20) },
        ],
        { ref: 'api::shelf.shelf', refId: String(id), field: 'gallery' },
      );
      expect(gallery.status).to.equal(200);
      const [g1, g2] = gallery.body.map((f: { id: number }) => f.id);
      const cover = await upload(ctx.app, [{ name: 'c.png', type: 'image/png', data: await png(20, 20) }], { ref: 'api::shelf.shelf', refId: String(id), field: 'cover' });
      const again = await upload(ctx.app, [{ name: 'c2.png', type: 'image/png', data: await png(20, 20) }], { ref: 'api::shelf.shelf', refId: String(id), field: 'cover' });
      expect(await morphs('api::shelf.shelf', id)).to.deep.equal([
        { file_id: again.body[0].id, field: 'cover', order: 1 },
        { file_id: blue, field: 'gallery', order: 1 },
        { file_id: g1, field: 'gallery', order: 2 },
        { file_id: g2, field: 'gallery', order: 3 },
      ]);
      expect(cover.body[0].id).to.not.equal(again.body[0].id);
    });

    it('a refused link stores nothing: type not allowed, unknown type or attribute, missing entry', async () => {
      const id = await shelf({ name: 'link refusals' });
      const before = (await ctx.app.knex('files').select('id')).length;
      const message = 'A file of type text/plain is not allowed in "cover", which accepts: images';
      const cases: Array<[Record<string, string>, number, Record<string, unknown>]> = [
        [{ ref: 'api::shelf.shelf', refId: String(id), field: 'cover' }, 400, { name: 'ValidationError', message, details: { errors: [{ path: ['cover'], message, name: 'ValidationError' }] } }],
        [{ ref: 'api::nope.nope', refId: String(id), field: 'cover' }, 400, { name: 'ValidationError', message: 'ref "api::nope.nope" is not a content-type', details: {} }],
        [{ ref: 'parts.item', refId: '1', field: 'picture' }, 400, { name: 'ValidationError', message: 'ref "parts.item" is not a content-type', details: {} }],
        [{ ref: 'api::shelf.shelf', refId: String(id), field: 'name' }, 400, { name: 'ValidationError', message: '"name" is not a media attribute of api::shelf.shelf', details: {} }],
        [{ ref: 'api::shelf.shelf', refId: '99999', field: 'gallery' }, 400, { name: 'ValidationError', message: 'api::shelf.shelf has no entry with id 99999', details: {} }],
      ];
      for (const [fields, status, error] of cases) {
        const res = await upload(ctx.app, [{ name: 'n.txt', type: 'text/plain', data: 'n' }], fields);
        expect({ status: res.status, body: res.body }, JSON.stringify(fields)).to.deep.equal({ status, body: { data: null, error: { status, ...error } } });
      }
      expect((await ctx.app.knex('files').select('id')).length).to.equal(before);
      expect(await morphs('api::shelf.shelf', id)).to.deep.equal([]);
    });

    it('media inside a component and a dynamic zone: written, populated, and unlinked when the file is deleted', async () => {
      const [doomed] = (await upload(ctx.app, [{ name: 'doomed.png', type: 'image/png', data: await png(30, 30) }])).body;
      const id = await shelf({
        name: 'nested',
        cover: doomed.id,
        items: [
          { label: 'first', picture: doomed.id },
          { label: 'second', picture: red },
        ],
        zone: [
          { __component: 'parts.item', label: 'zoned', picture: doomed.id },
          { __component: 'parts.note', text: 'n' },
        ],
      });
      const read = () =>
        ctx.app.get(
          `/api/shelves/${id}?fields[0]=name&populate[cover][fields][0]=name&populate[items][populate][picture][fields][0]=name&populate[zone][on][parts.item][populate][picture][fields][0]=name`,
        );
      const before = await read();
      const pic = (fileId: number, name: string) => ({ data: { id: fileId, attributes: { name } } });
      expect(before.body.data.attributes).to.deep.equal({
        name: 'nested',
        cover: pic(doomed.id, 'doomed.png'),
        items: [
          { id: before.body.data.attributes.items[0].id, label: 'first', picture: pic(doomed.id, 'doomed.png') },
          { id: before.body.data.attributes.items[1].id, label: 'second', picture: pic(red, 'red.png') },
        ],
        zone: [{ id: before.body.data.attributes.zone[0].id, __component: 'parts.item', label: 'zoned', picture: pic(doomed.id, 'doomed.png') }],
      });
      expect((await ctx.app.knex('files_related_morphs').where('file_id', doomed.id).select('related_type')).map((r) => r.related_type).sort()).to.deep.equal([
        'api::shelf.shelf',
        'parts.item',
        'parts.item',
      ]);
      expect((await send(ctx.app, 'DELETE', `/api/upload/files/${doomed.id}`)).status).to.equal(200);
      expect(await ctx.app.knex('files_related_morphs').where('file_id', doomed.id)).to.deep.equal([]);
      const after = await read();
      expect(after.body.data.attributes.cover).to.deep.equal({ data: null });
      expect(after.body.data.attributes.items.map((item: { picture: unknown }) => item.picture)).to.deep.equal([{ data: null }, pic(red, 'red.png')]);
      expect(after.body.data.attributes.zone[0].picture).to.deep.equal({ data: null });
    });

    it('filters and sort through a media attribute', async () => {
      await ctx.app.knex('files_related_morphs').where('related_type', 'api::shelf.shelf').delete();
      await ctx.app.knex('shelves').delete();
      await shelf({ name: 'A', cover: red, gallery: [blue] });
      await shelf({ name: 'B', cover: blue });
      await shelf({ name: 'C' });
      expect(await names('filters[cover][name][$eq]=red.png')).to.deep.equal(['A']);
      expect(await names('filters[cover][id][$notNull]=true')).to.deep.equal(['A', 'B']);
      expect(await names('filters[gallery][mime][$eq]=image/png')).to.deep.equal(['A']);
      expect(await names('filters[$or][0][cover][name][$eq]=blue.png&filters[$or][1][gallery][name][$eq]=blue.png')).to.deep.equal(['A', 'B']);
      const sorted = await ctx.app.get('/api/shelves?fields[0]=name&sort[0]=cover.name:asc&filters[cover][id][$notNull]=true');
      expect(sorted.body.data.map((s: { attributes: { name: string } }) => s.attributes.name)).to.deep.equal(['B', 'A']);
      const bad = await ctx.app.get('/api/shelves?filters[cover][folderPath][$eq]=/1');
      expect(bad.status).to.equal(400);
    });

    it('populating media on 100 entries costs as many queries as on 10', async () => {
      await ctx.app.knex('files_related_morphs').where('related_type', 'api::shelf.shelf').delete();
      await ctx.app.knex('shelves').delete();
      const count = async (n: number) => {
        const { result, count: queries } = await ctx.app.countQueries(() => ctx.app.get(`/api/shelves?populate[cover]=true&populate[gallery]=true&pagination[pageSize]=${n}&sort=id`));
        expect(result.body.data).to.have.length(n);
        expect(
          result.body.data.every((s: { attributes: { cover: { data: unknown }; gallery: { data: unknown[] } } }) => s.attributes.cover.data !== null && s.attributes.gallery.data.length === 2),
        ).to.equal(true);
        return queries;
      };
      for (let i = 0; i < 100; i++) await shelf({ name: `s${i}`, cover: red, gallery: [blue, red] });
      expect(await count(100)).to.equal(await count(10));
    });
  },
  { source: POPULATE_APP },
);
