/**
 * Components and dynamic zones over HTTP on every database: what a create, an update and a
 * delete leave in Strapi v4's tables (`articles_components`, the component tables, nested
 * `components_shared_seos_components`), and that a failure anywhere writes nothing.
 */
import path from 'node:path';
import { expect } from 'chai';
import { ValidationError, definePlugin } from '@platform/core';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { countRows } from '../helpers/count';

const COMPONENT_TABLES = ['components_shared_seos', 'components_shared_meta_tags', 'components_shared_quotes', 'components_shared_rich_texts'];
const JOIN_TABLES = ['articles_components', 'components_shared_seos_components'];

// Throws after the entry and its components were written, to prove the rollback.
const explodingPlugin = definePlugin({
  name: 'explode-after-create',
  requires: ['query-engine'],
  bootstrap(ctx) {
    ctx.service('plugin::query-engine.hooks').afterCreate.tapPromise('explode-after-create', async (context) => {
      if (context.data.title === 'explode') throw new ValidationError('exploded after the rows were written');
    });
  },
});

async function joinRows(app: TestApp, table: string, entityId: number) {
  const rows = await app
    .knex(table)
    .where('entity_id', entityId)
    .orderBy([{ column: 'field' }, { column: 'order' }]);
  return rows.map((r: Record<string, unknown>) => ({ id: Number(r.component_id), type: r.component_type, field: r.field, order: Number(r.order) }));
}

async function rows(app: TestApp, table: string, columns: string[]) {
  const found = await app
    .knex(table)
    .select('id', ...columns)
    .orderBy('id');
  return found.map((r: Record<string, unknown>) => ({ ...r, id: Number(r.id) }));
}

/** Every row of every table a write of an article touches. */
async function snapshot(app: TestApp) {
  const out: Record<string, unknown[]> = {};
  for (const table of ['articles', 'articles_tags_links', ...JOIN_TABLES, ...COMPONENT_TABLES]) out[table] = await app.knex(table).select().orderBy('id');
  return out;
}

describeEachDatabase(
  'components and dynamic zones',
  (ctx) => {
    const populate = 'populate[seo][populate]=tags&populate[blocks]=*';
    let articleId: number;
    let seoId: number;
    let tagIds: number[];
    let quoteIds: number[];
    let richTextId: number;

    it('a create stores components, nested components and dynamic-zone items with ordered join rows', async () => {
      const res = await ctx.app.post('/api/articles', {
        data: {
          title: 'With parts',
          seo: {
            metaTitle: 'mt',
            metaDescription: 'md',
            tags: [
              { name: 'n1', content: 'c1' },
              { name: 'n2', content: 'c2' },
            ],
          },
          blocks: [
            { __component: 'shared.quote', title: 'q1', body: 'b1' },
            { __component: 'shared.rich-text', body: 'rt' },
            { __component: 'shared.quote', title: 'q2' },
          ],
        },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      articleId = res.body.data.id;
      const read = await ctx.app.get(`/api/articles/${articleId}?${populate}`);
      const { seo, blocks } = read.body.data.attributes;
      seoId = seo.id;
      tagIds = seo.tags.map((t: { id: number }) => t.id);
      quoteIds = [blocks[0].id, blocks[2].id];
      richTextId = blocks[1].id;
      expect(seo).to.deep.equal({
        id: seoId,
        metaTitle: 'mt',
        metaDescription: 'md',
        tags: [
          { id: tagIds[0], name: 'n1', content: 'c1' },
          { id: tagIds[1], name: 'n2', content: 'c2' },
        ],
      });
      expect(blocks).to.deep.equal([
        { id: quoteIds[0], __component: 'shared.quote', title: 'q1', body: 'b1' },
        { id: richTextId, __component: 'shared.rich-text', body: 'rt' },
        { id: quoteIds[1], __component: 'shared.quote', title: 'q2', body: null },
      ]);
      expect(await joinRows(ctx.app, 'articles_components', articleId)).to.deep.equal([
        { id: quoteIds[0], type: 'shared.quote', field: 'blocks', order: 1 },
        { id: richTextId, type: 'shared.rich-text', field: 'blocks', order: 2 },
        { id: quoteIds[1], type: 'shared.quote', field: 'blocks', order: 3 },
        { id: seoId, type: 'shared.seo', field: 'seo', order: 1 },
      ]);
      expect(await joinRows(ctx.app, 'components_shared_seos_components', seoId)).to.deep.equal([
        { id: tagIds[0], type: 'shared.meta-tag', field: 'tags', order: 1 },
        { id: tagIds[1], type: 'shared.meta-tag', field: 'tags', order: 2 },
      ]);
      expect(await rows(ctx.app, 'components_shared_seos', ['meta_title', 'meta_description'])).to.deep.equal([{ id: seoId, meta_title: 'mt', meta_description: 'md' }]);
    });

    it('an update keeps items sent with their id, creates those without, deletes those left out', async () => {
      const res = await ctx.app.put(`/api/articles/${articleId}`, {
        data: {
          seo: {
            id: seoId,
            metaTitle: 'mt2',
            tags: [
              { id: tagIds[1], name: 'n2b' },
              { name: 'n3', content: 'c3' },
            ],
          },
          blocks: [
            { __component: 'shared.rich-text', id: richTextId, body: 'rt2' },
            { __component: 'shared.quote', title: 'q3' },
          ],
        },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const read = await ctx.app.get(`/api/articles/${articleId}?${populate}`);
      const { seo, blocks } = read.body.data.attributes;
      const newTag = seo.tags[1].id;
      const newQuote = blocks[1].id;
      expect(seo).to.deep.equal({
        id: seoId,
        metaTitle: 'mt2',
        metaDescription: 'md',
        tags: [
          { id: tagIds[1], name: 'n2b', content: 'c2' },
          { id: newTag, name: 'n3', content: 'c3' },
        ],
      });
      expect(blocks).to.deep.equal([
        { id: richTextId, __component: 'shared.rich-text', body: 'rt2' },
        { id: newQuote, __component: 'shared.quote', title: 'q3', body: null },
      ]);
      expect(await joinRows(ctx.app, 'articles_components', articleId)).to.deep.equal([
        { id: richTextId, type: 'shared.rich-text', field: 'blocks', order: 1 },
        { id: newQuote, type: 'shared.quote', field: 'blocks', order: 2 },
        { id: seoId, type: 'shared.seo', field: 'seo', order: 1 },
      ]);
      expect(await joinRows(ctx.app, 'components_shared_seos_components', seoId)).to.deep.equal([
        { id: tagIds[1], type: 'shared.meta-tag', field: 'tags', order: 1 },
        { id: newTag, type: 'shared.meta-tag', field: 'tags', order: 2 },
      ]);
      expect(await rows(ctx.app, 'components_shared_meta_tags', ['name'])).to.deep.equal([
        { id: tagIds[1], name: 'n2b' },
        { id: newTag, name: 'n3' },
      ]);
      expect(await rows(ctx.app, 'components_shared_quotes', ['title'])).to.deep.equal([{ id: newQuote, title: 'q3' }]);
      tagIds = [tagIds[1], newTag];
      quoteIds = [newQuote];
    });

    it('an update that leaves components out of the body keeps them', async () => {
      const before = await snapshot(ctx.app);
      const res = await ctx.app.put(`/api/articles/${articleId}`, { data: { views: 4 } });
      expect(res.status).to.equal(200);
      const after = await snapshot(ctx.app);
      for (const table of [...JOIN_TABLES, ...COMPONENT_TABLES]) expect(after[table], table).to.deep.equal(before[table]);
    });

    it('a component sent without id replaces the old one, whose nested components go too', async () => {
      const res = await ctx.app.put(`/api/articles/${articleId}`, { data: { seo: { metaTitle: 'fresh' } } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const read = await ctx.app.get(`/api/articles/${articleId}?${populate}`);
      const { seo } = read.body.data.attributes;
      expect(seo.id).to.not.equal(seoId);
      expect(seo).to.deep.equal({ id: seo.id, metaTitle: 'fresh', metaDescription: null, tags: [] });
      expect(await rows(ctx.app, 'components_shared_seos', ['meta_title'])).to.deep.equal([{ id: seo.id, meta_title: 'fresh' }]);
      expect(await rows(ctx.app, 'components_shared_meta_tags', ['name'])).to.deep.equal([]);
      expect(await joinRows(ctx.app, 'components_shared_seos_components', seoId)).to.deep.equal([]);
      seoId = seo.id;
    });

    it('null clears a component and [] a dynamic zone, with their rows', async () => {
      const res = await ctx.app.put(`/api/articles/${articleId}`, { data: { seo: null, blocks: [] } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const read = await ctx.app.get(`/api/articles/${articleId}?${populate}`);
      expect([read.body.data.attributes.seo, read.body.data.attributes.blocks]).to.deep.equal([null, []]);
      expect(await joinRows(ctx.app, 'articles_components', articleId)).to.deep.equal([]);
      for (const table of COMPONENT_TABLES) expect(await rows(ctx.app, table, []), table).to.deep.equal([]);
    });

    it('an item id that belongs to another entry is a 400 and changes nothing', async () => {
      const mine = await ctx.app.post('/api/articles', { data: { title: 'mine', seo: { metaTitle: 'mine' }, blocks: [{ __component: 'shared.quote', title: 'mine' }] } });
      const theirs = await ctx.app.post('/api/articles', { data: { title: 'theirs', seo: { metaTitle: 'theirs' }, blocks: [{ __component: 'shared.quote', title: 'theirs' }] } });
      const theirParts = (await ctx.app.get(`/api/articles/${theirs.body.data.id}?${populate}`)).body.data.attributes;
      const before = await snapshot(ctx.app);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ seo: { id: theirParts.seo.id, metaTitle: 'stolen' } }, 'seo'],
        [{ blocks: [{ __component: 'shared.quote', id: theirParts.blocks[0].id, title: 'stolen' }] }, 'blocks'],
        [{ blocks: [{ __component: 'shared.rich-text', id: 424242, body: 'x' }] }, 'blocks'],
      ];
      for (const [data, field] of cases) {
        const res = await ctx.app.put(`/api/articles/${mine.body.data.id}`, { data });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({
          data: null,
          error: { status: 400, name: 'ValidationError', message: `Some of the provided components in ${field} are not related to the entity`, details: {} },
        });
      }
      expect(await snapshot(ctx.app)).to.deep.equal(before);
    });

    it('a dynamic zone accepts only its own components (ours), and requires __component', async () => {
      const before = await snapshot(ctx.app);
      const res = await ctx.app.post('/api/articles', { data: { title: 'dz', blocks: [{ __component: 'shared.quote' }, { __component: 'shared.seo', metaTitle: 'x' }] } });
      expect(res.status).to.equal(400);
      const message = 'blocks[1].__component must be one of the following values: shared.quote, shared.rich-text';
      expect(res.body).to.deep.equal({
        data: null,
        error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['blocks', '1', '__component'], message, name: 'ValidationError' }] } },
      });
      const missing = await ctx.app.post('/api/articles', { data: { title: 'dz', blocks: [{ title: 'no type' }] } });
      expect(missing.body.error.message).to.equal('2 errors occurred');
      expect(missing.body.error.details.errors).to.deep.equal([
        { path: ['blocks', '0', '__component'], message: 'blocks[0].__component is a required field', name: 'ValidationError' },
        { path: [], message: 'Invalid relations', name: 'ValidationError' },
      ]);
      expect(await snapshot(ctx.app)).to.deep.equal(before);
    });

    it('a nested validation error names the full path and writes nothing', async () => {
      const before = await snapshot(ctx.app);
      const long = 'x'.repeat(71);
      const res = await ctx.app.post('/api/articles', { data: { title: 'deep', seo: { metaTitle: long, tags: [{ name: 'ok' }, 7] }, blocks: [{ __component: 'shared.quote', title: 'fine' }] } });
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.equal('2 errors occurred');
      expect(res.body.error.details.errors).to.deep.equal([
        { path: ['seo', 'metaTitle'], message: 'seo.metaTitle must be at most 70 characters', name: 'ValidationError' },
        { path: ['seo', 'tags', '1'], message: 'seo.tags[1] must be a `object` type, but the final value was: `7`.', name: 'ValidationError' },
      ]);
      expect(await snapshot(ctx.app)).to.deep.equal(before);
    });

    it('a relation error rolls back the entry and its components', async () => {
      const before = await snapshot(ctx.app);
      const res = await ctx.app.post('/api/articles', {
        data: { title: 'bad tag', tags: [424242], seo: { metaTitle: 'x', tags: [{ name: 'n' }] }, blocks: [{ __component: 'shared.quote', title: 'q' }] },
      });
      expect(res.status).to.equal(400);
      expect(res.body.error.name).to.equal('ValidationError');
      expect(res.body.error.message).to.equal('1 relation(s) of type api::tag.tag associated with this entity do not exist');
      expect(await snapshot(ctx.app)).to.deep.equal(before);
    });

    it('an error after the rows were written rolls everything back', async () => {
      const before = await snapshot(ctx.app);
      const res = await ctx.app.post('/api/articles', { data: { title: 'explode', seo: { metaTitle: 'x', tags: [{ name: 'n' }] }, blocks: [{ __component: 'shared.quote', title: 'q' }] } });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: 'exploded after the rows were written', details: {} } });
      expect(await snapshot(ctx.app)).to.deep.equal(before);
    });

    it('a delete answers the entry as it was and removes its components (nested too) and links', async () => {
      const tag = await ctx.app.post('/api/tags', { data: { name: 'linked' } });
      const created = await ctx.app.post('/api/articles', {
        data: { title: 'to delete', tags: [tag.body.data.id], seo: { metaTitle: 'gone', tags: [{ name: 'n' }] }, blocks: [{ __component: 'shared.rich-text', body: 'gone' }] },
      });
      const id = created.body.data.id;
      const parts = (await ctx.app.get(`/api/articles/${id}?${populate}`)).body.data.attributes;
      const res = await ctx.app.del(`/api/articles/${id}?populate[seo]=true`);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.id).to.equal(id);
      expect(res.body.data.attributes.title).to.equal('to delete');
      expect(res.body.data.attributes.seo).to.deep.equal({ id: parts.seo.id, metaTitle: 'gone', metaDescription: null });
      expect(await ctx.app.knex('articles').where('id', id)).to.deep.equal([]);
      expect(await joinRows(ctx.app, 'articles_components', id)).to.deep.equal([]);
      expect(await joinRows(ctx.app, 'components_shared_seos_components', parts.seo.id)).to.deep.equal([]);
      expect(await ctx.app.knex('components_shared_seos').where('id', parts.seo.id)).to.deep.equal([]);
      expect(await ctx.app.knex('components_shared_meta_tags').where('id', parts.seo.tags[0].id)).to.deep.equal([]);
      expect(await ctx.app.knex('components_shared_rich_texts').where('id', parts.blocks[0].id)).to.deep.equal([]);
      expect(await ctx.app.knex('articles_tags_links').where('article_id', id)).to.deep.equal([]);
      const again = await ctx.app.del(`/api/articles/${id}`);
      expect(again.status).to.equal(404);
    });

    it('an item without values is a row of nulls; unknown keys inside components are dropped', async () => {
      const res = await ctx.app.post('/api/articles', { data: { title: 'empty parts', seo: { bogus: 1 }, blocks: [{ __component: 'shared.quote', nope: true }] } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const parts = (await ctx.app.get(`/api/articles/${res.body.data.id}?${populate}`)).body.data.attributes;
      expect(parts.seo).to.deep.equal({ id: parts.seo.id, metaTitle: null, metaDescription: null, tags: [] });
      expect(parts.blocks).to.deep.equal([{ id: parts.blocks[0].id, __component: 'shared.quote', title: null, body: null }]);
      expect(await rows(ctx.app, 'components_shared_quotes', ['title', 'body']).then((r) => r.filter((q) => q.id === parts.blocks[0].id))).to.deep.equal([
        { id: parts.blocks[0].id, title: null, body: null },
      ]);
    });

    it('a single type stores its component in its own join table', async () => {
      const res = await ctx.app.put('/api/global', { data: { siteName: 'Site', defaultSeo: { metaTitle: 'site' } } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const read = await ctx.app.get('/api/global?populate=defaultSeo');
      const seo = read.body.data.attributes.defaultSeo;
      expect(seo).to.deep.equal({ id: seo.id, metaTitle: 'site', metaDescription: null });
      expect(await joinRows(ctx.app, 'globals_components', res.body.data.id)).to.deep.equal([{ id: seo.id, type: 'shared.seo', field: 'defaultSeo', order: 1 }]);
    });
  },
  { plugins: [explodingPlugin] },
);

describeEachDatabase(
  'relations inside components',
  (ctx) => {
    const LINKS = 'components_parts_references_labels_links';
    let labels: number[];
    let postId: number;
    let referenceId: number;

    async function links() {
      const found = await ctx.app.knex(LINKS).orderBy([{ column: 'reference_id' }, { column: 'label_order' }]);
      return found.map((r: Record<string, unknown>) => [Number(r.reference_id), Number(r.label_id)]);
    }

    it('are written through the relation writer with the component model', async () => {
      labels = [];
      for (const name of ['l1', 'l2', 'l3']) labels.push((await ctx.app.post('/api/labels', { data: { name } })).body.data.id);
      const res = await ctx.app.post('/api/posts', { data: { title: 'p', reference: { note: 'n', labels: [labels[0], labels[1]] } } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      postId = res.body.data.id;
      const read = await ctx.app.get(`/api/posts/${postId}?populate[reference][populate]=labels`);
      const reference = read.body.data.attributes.reference;
      referenceId = reference.id;
      expect(reference.labels.data.map((l: { id: number }) => l.id)).to.deep.equal([labels[0], labels[1]]);
      expect(await links()).to.deep.equal([
        [referenceId, labels[0]],
        [referenceId, labels[1]],
      ]);
    });

    it('an update of the component item updates its links', async () => {
      const res = await ctx.app.put(`/api/posts/${postId}`, { data: { reference: { id: referenceId, labels: [labels[2]] } } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(await links()).to.deep.equal([[referenceId, labels[2]]]);
    });

    it('a relation error inside a component writes nothing', async () => {
      const before = await countRows(ctx.app.knex('posts'));
      const linksBefore = await links();
      const res = await ctx.app.post('/api/posts', { data: { title: 'bad', reference: { note: 'x', labels: [424242] } } });
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.equal('1 relation(s) of type api::label.label associated with this entity do not exist');
      const after = await countRows(ctx.app.knex('posts'));
      expect(after).to.equal(before);
      expect(await links()).to.deep.equal(linksBefore);
      expect(await countRows(ctx.app.knex('components_parts_references'))).to.equal(1);
    });

    it('removing the component removes its links', async () => {
      const res = await ctx.app.put(`/api/posts/${postId}`, { data: { reference: null } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(await links()).to.deep.equal([]);
      expect(await ctx.app.knex('components_parts_references')).to.deep.equal([]);
    });
  },
  { appDir: path.join(__dirname, '..', 'fixtures', 'relations-app') },
);
