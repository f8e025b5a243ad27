/**
 * The relation writer used directly on a booted app (as the query engine's write path uses
 * it), on every database: each relation kind, each body syntax, positions, the single-owner
 * rules, errors with nothing written, and deletion clean-up.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { expectValidationError, insertRow, insertRows, linkRows, listOf, RELATIONS_APP, writeLinks } from './helpers';
import { times } from '../helpers/times';
import { countRows } from '../helpers/count';

describeEachDatabase(
  'relations writer',
  (ctx) => {
    const labelsOf = (post: number) => listOf(ctx.app, 'posts_labels_links', 'post_id', post, 'label_id', 'label_order');
    const postsOfLabel = (label: number) => listOf(ctx.app, 'posts_labels_links', 'label_id', label, 'post_id', 'post_order');
    const write = (uid: string, id: number | null, data: Record<string, unknown>) => writeLinks(ctx.app.platform, `api::${uid}.${uid}`, id, data);
    const labels = <N extends number>(n: N) => times(n, (i) => insertRow(ctx.app, 'labels', { name: `l${i}` }));
    const posts = <N extends number>(n: N) => times(n, (i) => insertRow(ctx.app, 'posts', { title: `p${i}` }));

    it('manyToMany owner side: every body syntax', async () => {
      const [a, b, c, d] = await labels(4);
      const post = await write('post', null, { labels: [a, String(b)] });
      expect(await labelsOf(post)).to.deep.equal([a, b]);
      await write('post', post, { labels: { connect: [c, { id: d }] } });
      expect(await labelsOf(post)).to.deep.equal([a, b, c, d]);
      await write('post', post, { labels: { disconnect: [b, { id: String(d) }] } });
      expect(await labelsOf(post)).to.deep.equal([a, c]);
      await write('post', post, { labels: { set: [{ id: c }, a, d] } });
      expect(await labelsOf(post)).to.deep.equal([c, a, d]);
      await write('post', post, { labels: { connect: [b], disconnect: [a] } });
      expect(await labelsOf(post)).to.deep.equal([c, d, b]);
      await write('post', post, { labels: { set: [a], connect: [b] } });
      expect(await labelsOf(post)).to.deep.equal([a]);
      await write('post', post, { labels: [] });
      expect(await labelsOf(post)).to.deep.equal([]);
      await write('post', post, { labels: [b] });
      await write('post', post, { labels: null });
      expect(await labelsOf(post)).to.deep.equal([]);
    });

    it('stores float orders: a midpoint between two items, no renumbering', async () => {
      const [a, b, c, d, e] = await labels(5);
      const post = await write('post', null, { labels: [a, b, c] });
      await write('post', post, {
        labels: {
          connect: [
            { id: d, position: { before: b } },
            { id: e, position: { after: d } },
            { id: c, position: { start: true } },
          ],
        },
      });
      const rows = await ctx.app.knex('posts_labels_links').select('label_id', 'label_order').where('post_id', post).orderBy('label_order');
      expect(rows.map((r) => [Number(r.label_id), Number(r.label_order)])).to.deep.equal([
        [c, 0],
        [a, 1],
        [d, 1.5],
        [e, 1.75],
        [b, 2],
      ]);
    });

    it('positions may refer to ids connected later in the array; defaults to the end', async () => {
      const [a, b, c, d] = await labels(4);
      const post = await write('post', null, { labels: { connect: [{ id: a, position: { before: c } }, b, { id: c, position: { end: true } }] } });
      // c is connected first (a refers to it), then a before c, then b at the end
      expect(await labelsOf(post)).to.deep.equal([a, c, b]);
      await write('post', post, { labels: { connect: [{ id: d, position: { after: a } }] } });
      expect(await labelsOf(post)).to.deep.equal([a, d, c, b]);
      // already connected without a position: left in place; with one: moved
      await write('post', post, { labels: { connect: [a] } });
      expect(await labelsOf(post)).to.deep.equal([a, d, c, b]);
      await write('post', post, { labels: { connect: [{ id: a, position: { end: true } }] } });
      expect(await labelsOf(post)).to.deep.equal([d, c, b, a]);
    });

    it('both sides agree: the inverse list appends new links at its end', async () => {
      const [p1, p2, p3] = await posts(3);
      const [label] = await labels(1);
      await write('post', p2, { labels: [label] });
      await write('post', p1, { labels: [label] });
      expect(await postsOfLabel(label)).to.deep.equal([p2, p1]);
      // writing from the mappedBy side orders the label's list, and appends to the posts' lists
      await write('label', label, { posts: { connect: [{ id: p3, position: { start: true } }] } });
      expect(await postsOfLabel(label)).to.deep.equal([p3, p2, p1]);
      expect(await labelsOf(p3)).to.deep.equal([label]);
      await write('label', label, { posts: { disconnect: [p2] } });
      expect(await labelsOf(p2)).to.deep.equal([]);
      expect(await linkRows(ctx.app, 'posts_labels_links', ['post_id', 'label_id'])).to.deep.include({ post_id: p3, label_id: label });
    });

    it('oneToOne two-way: linking A to B unlinks B from its previous A, and A from its previous B', async () => {
      const [x, y] = await insertRows(ctx.app, 'passports', [{ number: 'X' }, { number: 'Y' }]);
      const alice = await write('person', null, { passport: x });
      const bob = await write('person', null, { passport: { connect: [y] } });
      await write('person', bob, { passport: x });
      const rows = () => linkRows(ctx.app, 'people_passport_links', ['person_id', 'passport_id']);
      expect((await rows()).filter((r) => r.person_id === alice || r.person_id === bob)).to.deep.equal([{ person_id: bob, passport_id: x }]);
      // from the mappedBy side
      await write('passport', y, { holder: alice });
      await write('passport', x, { holder: alice });
      expect((await rows()).filter((r) => r.person_id === alice || r.person_id === bob)).to.deep.equal([{ person_id: alice, passport_id: x }]);
      await write('passport', x, { holder: { disconnect: [bob] } });
      expect((await rows()).filter((r) => r.person_id === alice)).to.deep.equal([{ person_id: alice, passport_id: x }]);
      await write('passport', x, { holder: null });
      expect((await rows()).filter((r) => r.person_id === alice)).to.deep.equal([]);
    });

    it('oneToMany owned by the oneToMany side: a post has one author; x-to-one keeps the last id', async () => {
      const [p1, p2, p3] = await posts(3);
      const ann = await write('person', null, { posts: [p1, p2] });
      const ben = await write('person', null, { posts: { connect: [p2, p3] } });
      expect(await listOf(ctx.app, 'people_posts_links', 'person_id', ann, 'post_id', 'post_order')).to.deep.equal([p1]);
      expect(await listOf(ctx.app, 'people_posts_links', 'person_id', ben, 'post_id', 'post_order')).to.deep.equal([p2, p3]);
      // from the manyToOne (mappedBy) side: every syntax, the last id wins, appended to the author's list
      await write('post', p1, { author: { connect: [ann, ben] } });
      expect(await listOf(ctx.app, 'people_posts_links', 'person_id', ben, 'post_id', 'post_order')).to.deep.equal([p2, p3, p1]);
      expect(await listOf(ctx.app, 'people_posts_links', 'person_id', ann, 'post_id', 'post_order')).to.deep.equal([]);
      await write('post', p2, { author: [ben, ann] });
      expect(await listOf(ctx.app, 'people_posts_links', 'post_id', p2, 'person_id', null)).to.deep.equal([ann]);
      await write('post', p2, { author: { set: [ben] } });
      expect(await listOf(ctx.app, 'people_posts_links', 'person_id', ben, 'post_id', 'post_order')).to.deep.equal([p3, p1, p2]);
    });

    it('manyToOne owned by the manyToOne side: the blog list is ordered from both sides', async () => {
      const [p1, p2, p3] = await posts(3);
      const [news, tech] = await insertRows(ctx.app, 'blogs', [{ name: 'news' }, { name: 'tech' }]);
      await write('post', p1, { blog: news });
      await write('post', p2, { blog: { connect: [{ id: news }] } });
      await write('post', p2, { blog: news });
      const blogList = (blog: number) => listOf(ctx.app, 'posts_blog_links', 'blog_id', blog, 'post_id', 'post_order');
      expect(await blogList(news)).to.deep.equal([p1, p2]);
      await write('blog', news, { posts: { connect: [{ id: p3, position: { before: p2 } }] } });
      expect(await blogList(news)).to.deep.equal([p1, p3, p2]);
      // a post belongs to one blog: connecting it to another blog moves it
      await write('blog', tech, { posts: [p1] });
      expect(await blogList(news)).to.deep.equal([p3, p2]);
      expect(await blogList(tech)).to.deep.equal([p1]);
      await write('post', p3, { blog: null });
      expect(await blogList(news)).to.deep.equal([p2]);
    });

    it('self manyToMany two-way, and one-way self relations', async () => {
      const [a, b, c] = await insertRows(ctx.app, 'people', [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
      await write('person', a, { following: [b, c] });
      await write('person', b, { following: [c] });
      const followers = (p: number) => listOf(ctx.app, 'people_following_links', 'inv_person_id', p, 'person_id', 'inv_person_order');
      expect(await followers(c)).to.deep.equal([a, b]);
      await write('person', c, { followers: { connect: [{ id: b, position: { start: true } }] } });
      expect(await followers(c)).to.deep.equal([b, a]);
      await write('person', c, { followers: { connect: [c] } });
      expect(await listOf(ctx.app, 'people_following_links', 'person_id', c, 'inv_person_id', 'person_order')).to.deep.equal([c]);
      // one-way oneToOne: two owners may share a target
      await write('person', a, { mentor: c });
      await write('person', b, { mentor: { set: [c] } });
      expect(await linkRows(ctx.app, 'people_mentor_links', ['person_id', 'inv_person_id'])).to.deep.equal([
        { person_id: a, inv_person_id: c },
        { person_id: b, inv_person_id: c },
      ]);
      // one-way oneToMany ("many-way"): no single parent
      const [p1, p2, p3] = await posts(3);
      await write('post', p1, { related: [p2, p3] });
      await write('post', p2, { related: { connect: [p3, { id: p1, position: { start: true } }] } });
      expect(await listOf(ctx.app, 'posts_related_links', 'post_id', p1, 'inv_post_id', 'post_order')).to.deep.equal([p2, p3]);
      expect(await listOf(ctx.app, 'posts_related_links', 'post_id', p2, 'inv_post_id', 'post_order')).to.deep.equal([p1, p3]);
    });

    it('a component holds relations like an entry', async () => {
      const [l1, l2] = await labels(2);
      const [post] = await posts(1);
      const ref = await writeLinks(ctx.app.platform, 'parts.reference', null, { labels: [l2, l1], post }, { note: 'n' });
      expect(await listOf(ctx.app, 'components_parts_references_labels_links', 'reference_id', ref, 'label_id', 'label_order')).to.deep.equal([l2, l1]);
      expect(await listOf(ctx.app, 'components_parts_references_post_links', 'reference_id', ref, 'post_id', null)).to.deep.equal([post]);
      await ctx.app.platform.db.transaction(() => ctx.app.platform.service('plugin::relations.writer').deleteLinks(ctx.app.platform.models.get('api::label.label'), [l1]));
      expect(await listOf(ctx.app, 'components_parts_references_labels_links', 'reference_id', ref, 'label_id', 'label_order')).to.deep.equal([l2]);
    });

    describe('errors: a ValidationError and nothing written', () => {
      async function snapshot() {
        return {
          labels: await linkRows(ctx.app, 'posts_labels_links', ['post_id', 'label_id', 'label_order', 'post_order']),
          posts: await countRows(ctx.app.knex('posts')),
        };
      }

      it('refuses ids that do not exist, counting them, in any relation of the body', async () => {
        const [a] = await labels(1);
        const post = await write('post', null, { labels: [a] });
        const before = await snapshot();
        await expectValidationError(write('post', post, { labels: { connect: [a, 99998, '99999'] } }), '2 relation(s) of type api::label.label associated with this entity do not exist', {
          errors: [{ path: [], message: '2 relation(s) of type api::label.label associated with this entity do not exist', name: 'ValidationError' }],
        });
        await expectValidationError(write('post', null, { labels: [a], blog: 99999 }), '1 relation(s) of type api::blog.blog associated with this entity do not exist', {
          errors: [{ path: [], message: '1 relation(s) of type api::blog.blog associated with this entity do not exist', name: 'ValidationError' }],
        });
        expect(await snapshot()).to.deep.equal(before);
      });

      it('refuses the same id twice with positions, circular positions, and a position on an id not connected', async () => {
        const [a, b, c] = await labels(3);
        const post = await write('post', null, { labels: [a, b] });
        const before = await snapshot();
        await expectValidationError(
          write('post', post, {
            labels: {
              connect: [
                { id: c, position: { before: a } },
                { id: c, position: { end: true } },
              ],
            },
          }),
          `The relation with id ${c} is already connected. You cannot connect the same relation twice.`,
        );
        await expectValidationError(
          write('post', post, { labels: { connect: [{ id: c, position: { before: 99999 } }] } }),
          `There was a problem connecting relation with id ${c} at position {"before":99999}. The relation with id 99999 needs to be connected first.`,
        );
        await expectValidationError(
          write('post', post, { labels: { connect: [{ id: c, position: { after: String(a) } }], disconnect: [a] } }),
          `There was a problem connecting relation with id ${c} at position {"after":"${a}"}. The relation with id ${a} needs to be connected first.`,
        );
        await expectValidationError(
          write('post', null, {
            labels: {
              connect: [
                { id: b, position: { after: c } },
                { id: c, position: { before: b } },
              ],
            },
          }),
          'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it',
        );
        // without positions a repeated id is silently deduplicated
        await write('post', post, { labels: { connect: [c, c] } });
        expect(await labelsOf(post)).to.deep.equal([a, b, c]);
        const after = await snapshot();
        expect(after.posts).to.deep.equal(before.posts);
        expect(after.labels.filter((r) => r.post_id !== post)).to.deep.equal(before.labels.filter((r) => r.post_id !== post));
      });
    });

    it('deleteLinks removes every link of the entries, on both sides and one-way relations', async () => {
      const [p1, p2] = await posts(2);
      const [label] = await labels(1);
      const [blog] = await insertRows(ctx.app, 'blogs', [{ name: 'b' }]);
      const person = await write('person', null, { posts: [p1] });
      await write('post', p1, { labels: [label], blog, related: [p2], pinnedLabel: label });
      await write('post', p2, { related: [p1], labels: [label] });
      const { platform } = ctx.app;
      await platform.db.transaction(() => platform.service('plugin::relations.writer').deleteLinks(platform.models.get('api::post.post'), [p1]));
      const mentions = async (table: string, columns: string[]) => (await linkRows(ctx.app, table, columns)).filter((row) => columns.some((c) => row[c] === p1 && c.includes('post')));
      expect(await mentions('posts_labels_links', ['post_id', 'label_id'])).to.deep.equal([]);
      expect(await mentions('posts_blog_links', ['post_id', 'blog_id'])).to.deep.equal([]);
      expect(await mentions('posts_related_links', ['post_id', 'inv_post_id'])).to.deep.equal([]);
      expect(await mentions('posts_pinned_label_links', ['post_id', 'label_id'])).to.deep.equal([]);
      expect(await mentions('people_posts_links', ['person_id', 'post_id'])).to.deep.equal([]);
      expect(await postsOfLabel(label)).to.deep.equal([p2]);
      expect(await listOf(ctx.app, 'people_posts_links', 'person_id', person, 'post_id', 'post_order')).to.deep.equal([]);
    });
  },
  { appDir: RELATIONS_APP },
);
