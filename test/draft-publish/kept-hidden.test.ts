/**
 * Draft & publish switched off while drafts exist, with `database.keepHiddenRows` (issue 10,
 * item 9): the app starts and the drafts stay out of every read though no attribute describes
 * `published_at` any more: list, count, read by id, update and delete, populate at every depth
 * and its count, filters and sorts through relations, and the relation writer's check that
 * linked ids exist. Posts written meanwhile are public, and when draft & publish is back the
 * kept drafts are still drafts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { countRows } from '../helpers/count';

const FIXTURE = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');

type PostRow = { id: number; title: string; published: 'null' | 'createdAt' | 'set' };

async function postRows(app: TestApp): Promise<PostRow[]> {
  const rows: Array<{ id: number | string; title: string; published_at: unknown; created_at: unknown }> = await app.knex('posts').select('id', 'title', 'published_at', 'created_at').orderBy('id');
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    // the seeded published post may get either (published on create, in the same millisecond or not)
    published: row.published_at === null ? 'null' : row.title === 'Shown' ? 'set' : String(row.published_at) === String(row.created_at) ? 'createdAt' : 'set',
  }));
}

const titles = (data: Array<{ attributes: { title: string } }>) => data.map((entry) => entry.attributes.title);

for (const client of testClients()) {
  describe(`draft & publish switched off, drafts kept hidden by database.keepHiddenRows [${client}]`, function () {
    this.timeout(60000);
    let database: TestDatabase;
    let appDir: string;
    before(async () => {
      database = await createTestDatabase(client);
      appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-kept-'));
      fs.cpSync(FIXTURE, appDir, { recursive: true });
      // With draft & publish: topic T holds the published "Shown" and the draft "Draft 1"; "Draft 2" has no topic.
      const app = await startApp({ client, database, appDir });
      try {
        const topic = (await app.post('/api/topics', { data: { name: 'T' } })).body.data.id;
        expect((await app.post('/api/posts', { data: { title: 'Shown', topic } })).status).to.equal(200);
        expect((await app.post('/api/posts', { data: { title: 'Draft 1', publishedAt: null, topic } })).status).to.equal(200);
        expect((await app.post('/api/posts', { data: { title: 'Draft 2', publishedAt: null } })).status).to.equal(200);
      } finally {
        await app.stop();
      }
    });
    after(async () => {
      await database.drop();
      fs.rmSync(appDir, { recursive: true, force: true });
    });

    const off = (keepHiddenRows: unknown) => startApp({ client, database, appDir, env: { DP_ENABLED: 'false' }, config: { database: { keepHiddenRows } } });

    it('a value that is not true, false or a list of tables stops start-up naming the key', async () => {
      const error = await off('posts').then(
        async (app) => {
          await app.stop();
          return null;
        },
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(BootError);
      expect((error as BootError).code).to.equal('CONFIG_INVALID');
      expect((error as BootError).message).to.equal('config/database: "keepHiddenRows" must be true, false or a list of table names, got "posts"');
    });

    it('a list without the table still stops start-up', async () => {
      const error = await off(['topics']).then(
        async (app) => {
          await app.stop();
          return null;
        },
        (e: unknown) => e,
      );
      expect((error as BootError).code).to.equal('DB_HIDDEN_ROWS');
    });

    describe('started with keepHiddenRows: ["posts"]', () => {
      let app: TestApp;
      before(async () => {
        app = await off(['posts']);
      });
      after(async () => {
        await app?.stop();
      });

      it('list, count and preview show only the published post; a read by id of a draft is a 404', async () => {
        const list = await app.get('/api/posts?fields[0]=title&publicationState=preview');
        expect(list.status).to.equal(200);
        expect(list.body).to.deep.equal({ data: [{ id: 1, attributes: { title: 'Shown' } }], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
        for (const id of [2, 3]) {
          const one = await app.get(`/api/posts/${id}`);
          expect(one.status).to.equal(404);
          expect(one.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
        }
        expect((await app.get('/api/posts/1?fields[0]=title')).body.data).to.deep.equal({ id: 1, attributes: { title: 'Shown' } });
      });

      it('populate at every depth and its count leave the drafts out', async () => {
        const deep = await app.get(
          '/api/topics?fields[0]=name&populate[posts][fields][0]=title&populate[posts][populate][topic][fields][0]=name&populate[posts][populate][topic][populate][posts][fields][0]=title',
        );
        expect(deep.status).to.equal(200);
        const shown = { data: [{ id: 1, attributes: { title: 'Shown' } }] };
        expect(deep.body.data).to.deep.equal([
          {
            id: 1,
            attributes: {
              name: 'T',
              posts: { data: [{ id: 1, attributes: { title: 'Shown', topic: { data: { id: 1, attributes: { name: 'T', posts: shown } } } } }] },
            },
          },
        ]);
        const counted = await app.get('/api/topics?fields[0]=name&populate[posts][count]=true');
        expect(counted.body.data).to.deep.equal([{ id: 1, attributes: { name: 'T', posts: { data: { attributes: { count: 1 } } } } }]);
      });

      it('filters and sorts through a relation never match a draft', async () => {
        const byDraft = await app.get('/api/topics?fields[0]=name&filters[posts][title][$eq]=Draft%201');
        expect(byDraft.status).to.equal(200);
        expect(byDraft.body.data).to.deep.equal([]);
        const byShown = await app.get('/api/topics?fields[0]=name&filters[posts][title][$eq]=Shown');
        expect(byShown.body.data).to.deep.equal([{ id: 1, attributes: { name: 'T' } }]);
        const notDraft = await app.get('/api/topics?fields[0]=name&filters[posts][title][$null]=true');
        expect(notDraft.body.data).to.deep.equal([]);
        const deep = await app.get('/api/posts?fields[0]=title&filters[topic][posts][title][$eq]=Draft%201');
        expect(deep.body.data).to.deep.equal([]);
      });

      it('update and delete of a draft are 404s and change nothing', async () => {
        const put = await app.put('/api/posts/2', { data: { title: 'Changed' } });
        expect(put.status).to.equal(404);
        expect(put.body.error.name).to.equal('NotFoundError');
        const del = await app.del('/api/posts/3');
        expect(del.status).to.equal(404);
        expect(await postRows(app)).to.deep.equal([
          { id: 1, title: 'Shown', published: 'set' },
          { id: 2, title: 'Draft 1', published: 'null' },
          { id: 3, title: 'Draft 2', published: 'null' },
        ]);
      });

      it('linking a draft is a 400 as for an id that does not exist, and writes nothing', async () => {
        const linksBefore = await app.knex('posts_topic_links').count({ n: '*' });
        for (const posts of [[3], { connect: [3] }, { set: [1, 3] }]) {
          const res = await app.post('/api/topics', { data: { name: 'Linked', posts } });
          expect(res.status, JSON.stringify(posts)).to.equal(400);
          expect(res.body).to.deep.equal({
            data: null,
            error: {
              status: 400,
              name: 'ValidationError',
              message: '1 relation(s) of type api::post.post associated with this entity do not exist',
              details: { errors: [{ path: [], message: '1 relation(s) of type api::post.post associated with this entity do not exist', name: 'ValidationError' }] },
            },
          });
        }
        expect((await app.put('/api/topics/1', { data: { posts: { connect: [2] } } })).status).to.equal(400);
        expect(await app.knex('posts_topic_links').count({ n: '*' })).to.deep.equal(linksBefore);
        expect(await countRows(app.knex('topics'))).to.equal(1);
      });

      it('a post written now is public: its published_at is its creation date', async () => {
        const created = await app.post('/api/posts', { data: { title: 'Written while off' } });
        expect(created.status).to.equal(200);
        expect(created.body.data.id).to.equal(4);
        expect(created.body.data.attributes).to.not.have.property('publishedAt');
        expect((await postRows(app)).at(-1)).to.deep.equal({ id: 4, title: 'Written while off', published: 'createdAt' });
        expect(titles((await app.get('/api/posts?fields[0]=title')).body.data)).to.deep.equal(['Shown', 'Written while off']);
        const updated = await app.put('/api/posts/4', { data: { title: 'Written while off, edited' } });
        expect(updated.status).to.equal(200);
        expect((await postRows(app)).at(-1)).to.deep.equal({ id: 4, title: 'Written while off, edited', published: 'createdAt' });
      });
    });

    // In a suite of its own: mocha runs a suite's tests before its child suites.
    describe('then started with draft & publish again', () => {
      it('the kept drafts are still drafts, the rest is published', async () => {
        const app = await startApp({ client, database, appDir });
        try {
          expect(await postRows(app)).to.deep.equal([
            { id: 1, title: 'Shown', published: 'set' },
            { id: 2, title: 'Draft 1', published: 'null' },
            { id: 3, title: 'Draft 2', published: 'null' },
            { id: 4, title: 'Written while off, edited', published: 'createdAt' },
          ]);
          expect(titles((await app.get('/api/posts?fields[0]=title')).body.data)).to.deep.equal(['Shown', 'Written while off, edited']);
          expect(titles((await app.get('/api/posts?fields[0]=title&publicationState=preview')).body.data)).to.deep.equal(['Shown', 'Draft 1', 'Draft 2', 'Written while off, edited']);
        } finally {
          await app.stop();
        }
      });
    });
  });
}
