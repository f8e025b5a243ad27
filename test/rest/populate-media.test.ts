/**
 * Populate of media (single and multiple, through `files_related_morphs`), of relations and
 * media inside components and dynamic-zone items, and of private relations, on a fixture app
 * with the upload plugin. Exact bodies on every database.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { stamps, T1, T2 } from './populate-seed';

const POPULATE_APP = path.resolve(__dirname, '..', 'fixtures', 'populate-app');

const fileRow = (id: number, name: string) => ({
  id,
  name,
  alternative_text: null,
  caption: null,
  width: 10,
  height: 20,
  formats: JSON.stringify({ thumbnail: { url: `/t_${name}` } }),
  hash: `h${id}`,
  ext: '.png',
  mime: 'image/png',
  size: 1.5,
  url: `/${name}`,
  preview_url: null,
  provider: 'local',
  provider_metadata: null,
  folder_path: '/1',
  ...stamps(T1),
});
const file = (id: number, name: string) => ({
  id,
  attributes: {
    name,
    alternativeText: null,
    caption: null,
    width: 10,
    height: 20,
    formats: { thumbnail: { url: `/t_${name}` } },
    hash: `h${id}`,
    ext: '.png',
    mime: 'image/png',
    size: 1.5,
    url: `/${name}`,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    createdAt: T1,
    updatedAt: T1,
  },
});
const book = (id: number, title: string, published = true) => ({ id, attributes: { title, createdAt: T1, updatedAt: T1, publishedAt: published ? T2 : null } });
const shelf = (id: number, name: string, populated: Record<string, unknown>) => ({ id, attributes: { name, createdAt: T1, updatedAt: T1, ...populated } });

async function seed(app: TestApp): Promise<void> {
  const { knex, platform } = app;
  const itemBook = platform.models.get('parts.item').fields.get('book');
  const shelfOwner = platform.models.get('api::shelf.shelf').fields.get('owner');
  if (itemBook?.kind !== 'relation' || shelfOwner?.kind !== 'relation') throw new Error('fixture models changed');
  await knex('books').insert([
    { id: 1, title: 'Dune', code: 'c1', ...stamps(T1), published_at: new Date(T2) },
    { id: 2, title: 'Draft book', code: 'c2', ...stamps(T1), published_at: null },
  ]);
  await knex('files').insert([fileRow(1, 'a.png'), fileRow(2, 'b.png'), fileRow(3, 'c.png')]);
  await knex('shelves').insert([
    { id: 1, name: 'Main', ...stamps(T1) },
    { id: 2, name: 'Empty', ...stamps(T1) },
  ]);
  await knex(shelfOwner.link.name).insert({ [shelfOwner.selfColumn]: 1, [shelfOwner.otherColumn]: 1 });
  await knex('components_parts_items').insert([
    { id: 1, label: 'first' },
    { id: 2, label: 'second' },
    { id: 3, label: 'in zone' },
  ]);
  await knex('components_parts_notes').insert([{ id: 1, text: 'note' }]);
  await knex(itemBook.link.name).insert([
    { [itemBook.selfColumn]: 1, [itemBook.otherColumn]: 1 },
    { [itemBook.selfColumn]: 2, [itemBook.otherColumn]: 2 },
    { [itemBook.selfColumn]: 3, [itemBook.otherColumn]: 1 },
  ]);
  await knex('shelves_components').insert([
    { id: 1, entity_id: 1, component_id: 2, component_type: 'parts.item', field: 'items', order: 2 },
    { id: 2, entity_id: 1, component_id: 1, component_type: 'parts.item', field: 'items', order: 1 },
    { id: 3, entity_id: 1, component_id: 1, component_type: 'parts.note', field: 'zone', order: 1 },
    { id: 4, entity_id: 1, component_id: 3, component_type: 'parts.item', field: 'zone', order: 2 },
  ]);
  await knex('files_related_morphs').insert([
    { file_id: 2, related_id: 1, related_type: 'api::shelf.shelf', field: 'cover', order: 1 },
    { file_id: 1, related_id: 1, related_type: 'api::shelf.shelf', field: 'gallery', order: 2 },
    { file_id: 3, related_id: 1, related_type: 'api::shelf.shelf', field: 'gallery', order: 1 },
    // same owner id, other type: a component's media must not leak into the shelf's
    { file_id: 1, related_id: 1, related_type: 'parts.item', field: 'picture', order: 1 },
  ]);
}

describeEachDatabase(
  'REST populate of media and component contents',
  (ctx) => {
    before(async () => {
      await seed(ctx.app);
    });

    it('populate=*: single and multiple media in stored order, components, dynamic zone; the private relation never', async () => {
      const res = await ctx.app.get('/api/shelves?populate=*');
      expect(res.status).to.equal(200);
      expect(res.text).to.equal(
        JSON.stringify({
          data: [
            shelf(1, 'Main', {
              cover: { data: file(2, 'b.png') },
              gallery: { data: [file(3, 'c.png'), file(1, 'a.png')] },
              items: [
                { id: 1, label: 'first' },
                { id: 2, label: 'second' },
              ],
              zone: [
                { id: 1, __component: 'parts.note', text: 'note' },
                { id: 3, __component: 'parts.item', label: 'in zone' },
              ],
            }),
            shelf(2, 'Empty', { cover: { data: null }, gallery: { data: [] }, items: [], zone: [] }),
          ],
          meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } },
        }),
      );
    });

    it('media and relations inside a repeatable component; drafts hidden in live, shown in preview', async () => {
      const live = await ctx.app.get('/api/shelves/1?fields[0]=name&populate[items][populate]=*');
      expect(live.status).to.equal(200);
      expect(live.text).to.equal(
        JSON.stringify({
          data: {
            id: 1,
            attributes: {
              name: 'Main',
              items: [
                { id: 1, label: 'first', picture: { data: file(1, 'a.png') }, book: { data: book(1, 'Dune') } },
                { id: 2, label: 'second', picture: { data: null }, book: { data: null } },
              ],
            },
          },
          meta: {},
        }),
      );
      const preview = await ctx.app.get('/api/shelves/1?fields[0]=name&publicationState=preview&populate[items][populate][book][fields][0]=title');
      expect(preview.body.data.attributes.items).to.deep.equal([
        { id: 1, label: 'first', book: { data: { id: 1, attributes: { title: 'Dune' } } } },
        { id: 2, label: 'second', book: { data: { id: 2, attributes: { title: 'Draft book' } } } },
      ]);
    });

    it('a relation inside a dynamic-zone component through `on`', async () => {
      const res = await ctx.app.get('/api/shelves/1?fields[0]=name&populate[zone][on][parts.item][populate][book][fields][0]=title');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        data: { id: 1, attributes: { name: 'Main', zone: [{ id: 3, __component: 'parts.item', label: 'in zone', book: { data: { id: 1, attributes: { title: 'Dune' } } } }] } },
        meta: {},
      });
    });

    it('fields inside a populated media', async () => {
      const res = await ctx.app.get('/api/shelves/1?fields[0]=name&populate[cover][fields][0]=url&populate[cover][fields][1]=name&populate[gallery][fields][0]=url&populate[gallery][sort]=name');
      expect(res.status).to.equal(200);
      expect(res.text).to.equal(
        JSON.stringify({
          data: {
            id: 1,
            attributes: {
              name: 'Main',
              cover: { data: { id: 2, attributes: { name: 'b.png', url: '/b.png' } } },
              gallery: {
                data: [
                  { id: 1, attributes: { url: '/a.png' } },
                  { id: 3, attributes: { url: '/c.png' } },
                ],
              },
            },
          },
          meta: {},
        }),
      );
    });

    it('private attributes never appear and cannot be asked for at any depth', async () => {
      for (const query of ['populate[owner]=true', 'populate=owner', 'populate=owner.title', 'populate[owner][fields][0]=title']) {
        const owner = await ctx.app.get(`/api/shelves/1?fields[0]=name&${query}`);
        expect(owner.status).to.equal(200);
        expect(owner.body).to.deep.equal({ data: { id: 1, attributes: { name: 'Main' } }, meta: {} });
      }
      const code = await ctx.app.get('/api/shelves/1?populate[items][populate][book][fields][0]=code');
      expect(code.status).to.equal(400);
      expect(code.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter code', details: {} } });
      const folder = await ctx.app.get('/api/shelves/1?populate[cover][fields][0]=folderPath');
      expect(folder.status).to.equal(400);
      expect(folder.body.error.message).to.equal('Invalid parameter folderPath');
    });
  },
  { appDir: POPULATE_APP },
);
