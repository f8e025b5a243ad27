/**
 * Huge relation and media inputs (issue 10, item 3). Up to MAX_RELATION_IDS ids in one value
 * are written in slices (no statement binds more than a few thousand values, so every database
 * takes them); past it the request is a 400 that writes nothing, where it used to be a 500
 * ("too many SQL variables") logging a statement of hundreds of kilobytes.
 */
import { expect } from 'chai';
import { MAX_RELATION_IDS } from '@platform/query-engine';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { listOf, RELATIONS_APP, validationEnvelope } from './helpers';
import { countRows } from '../helpers/count';

const tooMany = (field: string, count: number) =>
  validationEnvelope(`Too many relation ids for attribute "${field}": ${count} (at most ${MAX_RELATION_IDS} in one request)`, {
    errors: [{ path: [field], message: `Too many relation ids for attribute "${field}": ${count} (at most ${MAX_RELATION_IDS} in one request)`, name: 'ValidationError' }],
  });

/** Inserts `count` rows in slices and answers their ids in insertion order. */
async function bulkInsert(app: TestApp, table: string, count: number, row: (i: number) => Record<string, unknown>): Promise<number[]> {
  for (let start = 0; start < count; start += 500) {
    await app.knex(table).insert(Array.from({ length: Math.min(500, count - start) }, (_, i) => row(start + i)));
  }
  const rows: Array<{ id: number | string }> = await app.knex(table).select('id').orderBy('id');
  return rows.map((r) => Number(r.id)).slice(-count);
}

function count(app: TestApp, table: string): Promise<number> {
  return countRows(app.knex(table));
}

/** The largest number of values any one statement bound while `fn` ran. */
async function largestStatement(app: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const { queries } = await app.countQueries(fn);
  return Math.max(...queries.map((q) => q.bindings.length));
}

describeEachDatabase(
  'relations: huge id lists',
  (ctx) => {
    let labels: number[] = [];
    let files: number[] = [];
    before(async function () {
      this.timeout(120000);
      labels = await bulkInsert(ctx.app, 'labels', MAX_RELATION_IDS, (i) => ({ name: `l${i}` }));
      files = await bulkInsert(ctx.app, 'files', MAX_RELATION_IDS, (i) => ({ name: `f${i}.png`, mime: 'image/png' }));
    });

    it(`links ${MAX_RELATION_IDS} ids in one POST, in slices, in the order sent`, async function () {
      this.timeout(120000);
      const ids = [...labels].reverse();
      let status = 0;
      let post = 0;
      const largest = await largestStatement(ctx.app, async () => {
        const res = await ctx.app.post('/api/posts', { data: { title: 'many', labels: ids } });
        status = res.status;
        post = res.body?.data?.id;
      });
      expect(status).to.equal(200);
      expect(await listOf(ctx.app, 'posts_labels_links', 'post_id', post, 'label_id', 'label_order')).to.deep.equal(ids);
      expect(largest).to.be.at.most(4000);
    });

    it('connects thousands of ids with positions in one PUT', async function () {
      this.timeout(120000);
      const post = (await ctx.app.post('/api/posts', { data: { title: 'positions', labels: labels.slice(0, 2) } })).body.data.id as number;
      // Each new id goes before the one sent after it: a chain as long as the list.
      const chain = labels.slice(2);
      const connect = chain.map((id, i) => (i + 1 < chain.length ? { id, position: { before: chain[i + 1] } } : { id, position: { start: true } }));
      const res = await ctx.app.put(`/api/posts/${post}`, { data: { labels: { connect } } });
      expect(res.status, res.text.slice(0, 300)).to.equal(200);
      expect(await listOf(ctx.app, 'posts_labels_links', 'post_id', post, 'label_id', 'label_order')).to.deep.equal([...chain, ...labels.slice(0, 2)]);
    });

    it(`answers 400 past ${MAX_RELATION_IDS} ids (plain list, connect, set, disconnect), and writes nothing`, async () => {
      const posts = await count(ctx.app, 'posts');
      const links = await count(ctx.app, 'posts_labels_links');
      const many = Array.from({ length: 32767 }, (_, i) => i + 1);
      const cases: Array<[unknown, number]> = [
        [many, 32767],
        [{ connect: many }, 32767],
        [{ set: many.slice(0, MAX_RELATION_IDS + 1) }, MAX_RELATION_IDS + 1],
        [{ connect: many.slice(0, 6000).map((id) => ({ id, position: { end: true } })), disconnect: many.slice(6000, 11000) }, 11000],
      ];
      for (const [labelsValue, n] of cases) {
        const res = await ctx.app.post('/api/posts', { data: { title: 'too many', labels: labelsValue } });
        expect({ status: res.status, body: res.body }).to.deep.equal({ status: 400, body: tooMany('labels', n) });
      }
      const put = await ctx.app.put('/api/posts/1', { data: { labels: many } });
      expect({ status: put.status, body: put.body }).to.deep.equal({ status: 400, body: tooMany('labels', 32767) });
      expect([await count(ctx.app, 'posts'), await count(ctx.app, 'posts_labels_links')]).to.deep.equal([posts, links]);
    });

    it(`media: ${MAX_RELATION_IDS} files in one POST, 400 past it`, async function () {
      this.timeout(120000);
      const res = await ctx.app.post('/api/posts', { data: { title: 'gallery', gallery: files } });
      expect(res.status, res.text.slice(0, 300)).to.equal(200);
      const post = res.body.data.id as number;
      const stored: Array<{ file_id: number | string }> = await ctx.app
        .knex('files_related_morphs')
        .select('file_id')
        .where({ related_type: 'api::post.post', related_id: post, field: 'gallery' })
        .orderBy('order');
      expect(stored.map((row) => Number(row.file_id))).to.deep.equal(files);
      const morphs = await count(ctx.app, 'files_related_morphs');
      const tooBig = await ctx.app.put(`/api/posts/${post}`, { data: { gallery: [...files, ...files.map((id) => id + MAX_RELATION_IDS)].slice(0, 32767) } });
      expect({ status: tooBig.status, body: tooBig.body }).to.deep.equal({ status: 400, body: tooMany('gallery', 2 * MAX_RELATION_IDS) });
      const deleted = await ctx.app.del(`/api/posts/${post}`);
      expect(deleted.status).to.equal(200);
      expect(await count(ctx.app, 'files_related_morphs')).to.equal(morphs - MAX_RELATION_IDS);
    });
  },
  { appDir: RELATIONS_APP },
);
