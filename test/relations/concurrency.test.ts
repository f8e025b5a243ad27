/**
 * Concurrent writers (Promise.all of PUTs) connecting to the same lists: every request
 * succeeds, every link is present exactly once, and the stored order is consistent — each
 * list has distinct order values, both sides read the same links, and two reads agree.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { createEntry, populatedIds, RELATIONS_APP } from './helpers';
import { times } from '../helpers/times';
import { countRows } from '../helpers/count';

const PARALLEL = 8;

function distinct(values: number[]): boolean {
  return new Set(values).size === values.length;
}

describeEachDatabase(
  'relations over HTTP: concurrent connects',
  (ctx) => {
    function labels<N extends number>(n: N, prefix: string) {
      return times(n, (i) => createEntry(ctx.app, 'labels', { name: `${prefix}-${i}` }));
    }

    it("parallel connects to one entry's list keep every link, in a consistent order", async () => {
      const { app } = ctx;
      const [first, ...others] = await labels(PARALLEL + 1, 'same-list');
      const post = await createEntry(app, 'posts', { title: 'busy', labels: [first] });
      const responses = await Promise.all(others.map((label) => app.put(`/api/posts/${post}`, { data: { labels: { connect: [label] } } })));
      expect(responses.map((r) => r.status)).to.deep.equal(others.map(() => 200));

      const rows = await app.knex('posts_labels_links').select('label_id', 'label_order').where('post_id', post);
      expect(rows.map((r) => Number(r.label_id)).sort((x, y) => x - y)).to.deep.equal([first, ...others]);
      expect(distinct(rows.map((r) => Number(r.label_order))), 'distinct orders').to.equal(true);
      const listed = await populatedIds(app, 'posts', post, 'labels');
      expect(listed[0]).to.equal(first);
      expect([...listed].sort((x, y) => x - y)).to.deep.equal([first, ...others]);
      expect(await populatedIds(app, 'posts', post, 'labels')).to.deep.equal(listed);
      for (const label of others) expect(await populatedIds(app, 'labels', label, 'posts')).to.deep.equal([post]);
    });

    it("parallel connects from many entries append to one target's list, each once", async () => {
      const { app } = ctx;
      const [label] = await labels(1, 'shared-target');
      const posts: number[] = [];
      for (let i = 0; i < PARALLEL; i += 1) posts.push(await createEntry(app, 'posts', { title: `writer-${i}` }));
      const responses = await Promise.all(posts.map((post) => app.put(`/api/posts/${post}`, { data: { labels: { connect: [label] } } })));
      expect(responses.map((r) => r.status)).to.deep.equal(posts.map(() => 200));

      const rows = await app.knex('posts_labels_links').select('post_id', 'post_order').where('label_id', label);
      expect(rows.map((r) => Number(r.post_id)).sort((x, y) => x - y)).to.deep.equal(posts);
      expect(distinct(rows.map((r) => Number(r.post_order))), "distinct orders in the label's list").to.equal(true);
      const listed = await populatedIds(app, 'labels', label, 'posts');
      expect([...listed].sort((x, y) => x - y)).to.deep.equal(posts);
      expect(await populatedIds(app, 'labels', label, 'posts')).to.deep.equal(listed);
    });

    it('the same link requested in parallel is stored once', async () => {
      const { app } = ctx;
      const [label] = await labels(1, 'same-link');
      const post = await createEntry(app, 'posts', { title: 'twice' });
      const responses = await Promise.all(Array.from({ length: PARALLEL }, () => app.put(`/api/posts/${post}`, { data: { labels: { connect: [label] } } })));
      expect(responses.map((r) => r.status)).to.deep.equal(responses.map(() => 200));
      const n = await countRows(app.knex('posts_labels_links').where({ post_id: post, label_id: label }));
      expect(n).to.equal(1);
      expect(await populatedIds(app, 'posts', post, 'labels')).to.deep.equal([label]);
    });

    it('parallel positioned connects leave one consistent list, each position honoured', async () => {
      const { app } = ctx;
      const ids = await labels(6, 'mixed');
      const post = await createEntry(app, 'posts', { title: 'mixed', labels: [ids[0], ids[1]] });
      const responses = await Promise.all([
        app.put(`/api/posts/${post}`, { data: { labels: { connect: [{ id: ids[2], position: { start: true } }] } } }),
        app.put(`/api/posts/${post}`, { data: { labels: { connect: [{ id: ids[3], position: { after: ids[0] } }] } } }),
        app.put(`/api/posts/${post}`, { data: { labels: { connect: [{ id: ids[4], position: { before: ids[1] } }] } } }),
        app.put(`/api/posts/${post}`, { data: { labels: { connect: [ids[5]] } } }),
      ]);
      expect(responses.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
      const listed = await populatedIds(app, 'posts', post, 'labels');
      expect([...listed].sort((x, y) => x - y)).to.deep.equal(ids);
      expect(listed[0]).to.equal(ids[2]);
      expect(listed.indexOf(ids[3])).to.be.greaterThan(listed.indexOf(ids[0]));
      expect(listed.indexOf(ids[4])).to.be.lessThan(listed.indexOf(ids[1]));
      const rows = await app.knex('posts_labels_links').select('label_order').where('post_id', post);
      expect(distinct(rows.map((r) => Number(r.label_order)))).to.equal(true);
    });
    // Linking the same entries from both sides at once. On MariaDB the row update and the
    // foreign-key checks of the link inserts can deadlock (InnoDB picks a victim); the kernel's
    // transaction helper runs the aborted write again, so every request succeeds.
    it('parallel links from both sides of a relation all succeed (no deadlock)', async () => {
      const { app } = ctx;
      for (let round = 0; round < 5; round += 1) {
        const [l1, l2] = await labels(2, `cross-${round}`);
        const p1 = await createEntry(app, 'posts', { title: `cross-${round}-1` });
        const p2 = await createEntry(app, 'posts', { title: `cross-${round}-2` });
        const responses = await Promise.all([
          app.put(`/api/posts/${p1}`, { data: { title: 'a', labels: { connect: [l1] } } }),
          app.put(`/api/labels/${l1}`, { data: { name: 'b', posts: { connect: [p2] } } }),
          app.put(`/api/posts/${p2}`, { data: { title: 'c', labels: { connect: [l2] } } }),
          app.put(`/api/labels/${l2}`, { data: { name: 'd', posts: { connect: [p1] } } }),
        ]);
        expect(responses.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
        expect(await populatedIds(app, 'posts', p1, 'labels')).to.have.members([l1, l2]);
        expect(await populatedIds(app, 'posts', p2, 'labels')).to.have.members([l1, l2]);
        for (const label of [l1, l2]) {
          const rows = await app.knex('posts_labels_links').select('post_order').where('label_id', label);
          expect(distinct(rows.map((r) => Number(r.post_order)))).to.equal(true);
        }
      }
    });
  },
  { appDir: RELATIONS_APP },
);
