/**
 * Positions in `connect` over HTTP on every database: each form, several in one request, a
 * reference to an id connected later, moves, stored float orders, and the order surviving
 * updates of other fields and a restart.
 */
import { expect } from 'chai';
import { describeEachDatabase, startApp } from '../helpers/app';
import { createEntry, populatedIds, RELATIONS_APP, updateEntry } from './helpers';
import { times } from '../helpers/times';

describeEachDatabase(
  'relations over HTTP: positions',
  (ctx) => {
    function labels<N extends number>(n: N) {
      return times(n, (i) => createEntry(ctx.app, 'labels', { name: `pos-${i}` }));
    }

    it('each position form, applied against the list as changed', async () => {
      const [a, b, c, d, e, f] = await labels(6);
      const post = await createEntry(ctx.app, 'posts', { title: 'positions', labels: [a, b] });
      const cases: Array<[unknown, number[]]> = [
        [{ connect: [{ id: c, position: { start: true } }] }, [c, a, b]],
        [{ connect: [{ id: d, position: { end: true } }] }, [c, a, b, d]],
        [{ connect: [{ id: e, position: { before: a } }] }, [c, e, a, b, d]],
        [{ connect: [{ id: f, position: { after: String(b) } }] }, [c, e, a, b, f, d]],
        [{ connect: [{ id: String(d), position: { start: true } }] }, [d, c, e, a, b, f]],
        [{ connect: [{ id: c, position: { after: f } }] }, [d, e, a, b, f, c]],
      ];
      for (const [value, expected] of cases) {
        await updateEntry(ctx.app, 'posts', post, { labels: value });
        expect(await populatedIds(ctx.app, 'posts', post, 'labels'), JSON.stringify(value)).to.deep.equal(expected);
      }
    });

    it('combinations in one request, with references to ids connected later and a disconnect', async () => {
      const [a, b, c, d, e] = await labels(5);
      const post = await createEntry(ctx.app, 'posts', {
        title: 'combined',
        labels: { connect: [{ id: a, position: { after: c } }, { id: b, position: { start: true } }, c, { id: d, position: { before: b } }] },
      });
      // c first (a refers to it), then a after c, b at the start, d before b
      expect(await populatedIds(ctx.app, 'posts', post, 'labels')).to.deep.equal([d, b, c, a]);
      await updateEntry(ctx.app, 'posts', post, {
        labels: {
          disconnect: [b],
          connect: [
            { id: e, position: { after: d } },
            { id: a, position: { start: true } },
            { id: d, position: { end: true } },
          ],
        },
      });
      expect(await populatedIds(ctx.app, 'posts', post, 'labels')).to.deep.equal([a, e, c, d]);
      // the same id twice without positions is deduplicated silently
      await updateEntry(ctx.app, 'posts', post, { labels: { connect: [b, b] } });
      expect(await populatedIds(ctx.app, 'posts', post, 'labels')).to.deep.equal([a, e, c, d, b]);
    });

    it('stores float orders, midpoints between neighbours, one row per link', async () => {
      const [a, b, c] = await labels(3);
      const post = await createEntry(ctx.app, 'posts', { title: 'floats', labels: [a, b] });
      await updateEntry(ctx.app, 'posts', post, { labels: { connect: [{ id: c, position: { before: b } }] } });
      const rows = await ctx.app.knex('posts_labels_links').select('label_id', 'label_order', 'post_order').where('post_id', post).orderBy('label_order');
      expect(rows.map((r) => [Number(r.label_id), Number(r.label_order), Number(r.post_order)])).to.deep.equal([
        [a, 1, 1],
        [c, 1.5, 1],
        [b, 2, 1],
      ]);
    });

    it('the inverse side orders its own list (positions from the mappedBy side)', async () => {
      const [label] = await labels(1);
      const p1 = await createEntry(ctx.app, 'posts', { title: 'i1', labels: [label] });
      const p2 = await createEntry(ctx.app, 'posts', { title: 'i2', labels: [label] });
      const p3 = await createEntry(ctx.app, 'posts', { title: 'i3' });
      expect(await populatedIds(ctx.app, 'labels', label, 'posts')).to.deep.equal([p1, p2]);
      await updateEntry(ctx.app, 'labels', label, {
        posts: {
          connect: [
            { id: p3, position: { before: p1 } },
            { id: p2, position: { start: true } },
          ],
        },
      });
      expect(await populatedIds(ctx.app, 'labels', label, 'posts')).to.deep.equal([p2, p3, p1]);
      expect(await populatedIds(ctx.app, 'posts', p3, 'labels')).to.deep.equal([label]);
    });

    it('keeps the order through updates of other fields and a restart', async () => {
      const [a, b, c] = await labels(3);
      const post = await createEntry(ctx.app, 'posts', { title: 'durable', labels: { connect: [c, { id: a, position: { before: c } }, { id: b, position: { after: a } }] } });
      await updateEntry(ctx.app, 'posts', post, { title: 'durable, renamed' });
      expect(await populatedIds(ctx.app, 'posts', post, 'labels')).to.deep.equal([a, b, c]);
      await ctx.app.stop();
      const restarted = await startApp({ client: ctx.client, appDir: RELATIONS_APP, database: ctx.app.database });
      try {
        expect(await populatedIds(restarted, 'posts', post, 'labels')).to.deep.equal([a, b, c]);
        expect(await populatedIds(restarted, 'labels', b, 'posts')).to.deep.equal([post]);
      } finally {
        await restarted.stop();
      }
    });
  },
  { appDir: RELATIONS_APP },
);
