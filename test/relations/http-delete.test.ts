/**
 * Deleting entries over HTTP on every database: no link row mentions a deleted entry
 * afterwards (either side, one-way relations and component relations included), the other
 * side's lists close up, and a deleted many-to-one target leaves the owning side null.
 */
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { createEntry, populatedBody, populatedIds, populatePath, RELATIONS_APP } from './helpers';
import { countRows } from '../helpers/count';

/** Every link table of the fixture app with the columns that hold ids of each content-type. */
const LINK_COLUMNS = {
  posts: {
    posts_labels_links: ['post_id'],
    posts_blog_links: ['post_id'],
    posts_pinned_label_links: ['post_id'],
    posts_related_links: ['post_id', 'inv_post_id'],
    people_posts_links: ['post_id'],
    components_parts_references_post_links: ['post_id'],
  },
  labels: { posts_labels_links: ['label_id'], posts_pinned_label_links: ['label_id'], components_parts_references_labels_links: ['label_id'] },
  people: { people_passport_links: ['person_id'], people_posts_links: ['person_id'], people_following_links: ['person_id', 'inv_person_id'], people_mentor_links: ['person_id', 'inv_person_id'] },
  blogs: { posts_blog_links: ['blog_id'] },
  passports: { people_passport_links: ['passport_id'] },
} satisfies Record<string, Record<string, string[]>>;

async function mentions(app: TestApp, plural: keyof typeof LINK_COLUMNS, id: number): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of Object.entries<string[]>(LINK_COLUMNS[plural])) {
    for (const column of columns) {
      const n = await countRows(app.knex(table).where(column, id));
      if (n > 0) found.push(`${table}.${column}`);
    }
  }
  return found;
}

describeEachDatabase(
  'relations over HTTP: deletion clean-up',
  (ctx) => {
    it('deleting a post removes its links from every relation, both directions', async () => {
      const { app } = ctx;
      const [l1, l2] = [await createEntry(app, 'labels', { name: 'd1' }), await createEntry(app, 'labels', { name: 'd2' })];
      const blog = await createEntry(app, 'blogs', { name: 'deleting' });
      const other = await createEntry(app, 'posts', { title: 'other', labels: [l1] });
      const post = await createEntry(app, 'posts', { title: 'doomed', labels: [l1, l2], blog, pinnedLabel: l1, related: [other], reference: { note: 'r', labels: [l2], post: other } });
      await createEntry(app, 'posts', { title: 'pointing', related: [post, other], reference: { note: 'p', post } });
      const person = await createEntry(app, 'people', { name: 'writer', posts: [other, post] });
      expect(await mentions(app, 'posts', post)).to.have.length.greaterThan(0);

      const res = await app.del(`/api/posts/${post}`);
      expect(res.status).to.equal(200);
      expect(await mentions(app, 'posts', post)).to.deep.equal([]);
      expect(await populatedIds(app, 'labels', l1, 'posts')).to.deep.equal([other]);
      expect(await populatedIds(app, 'labels', l2, 'posts')).to.deep.equal([]);
      expect(await populatedIds(app, 'blogs', blog, 'posts')).to.deep.equal([]);
      expect(await populatedIds(app, 'people', person, 'posts')).to.deep.equal([other]);
      // the deleted post's component and its links are gone too
      const n = await countRows(app.knex('components_parts_references_labels_links').where('label_id', l2));
      expect(n).to.equal(0);
    });

    it('a deleted many-to-one or one-to-one target leaves the owning side null', async () => {
      const { app } = ctx;
      const blog = await createEntry(app, 'blogs', { name: 'gone' });
      const passport = await createEntry(app, 'passports', { number: 'gone' });
      const post = await createEntry(app, 'posts', { title: 'orphan', blog });
      const person = await createEntry(app, 'people', { name: 'holder', passport });
      expect((await app.del(`/api/blogs/${blog}`)).status).to.equal(200);
      expect((await app.del(`/api/passports/${passport}`)).status).to.equal(200);
      expect((await app.get(populatePath('posts', post, 'title', 'blog', 'name'))).body).to.deep.equal(populatedBody(post, 'title', 'orphan', 'blog', false, 'name', []));
      expect((await app.get(populatePath('people', person, 'name', 'passport', 'number'))).body).to.deep.equal(populatedBody(person, 'name', 'holder', 'passport', false, 'number', []));
      expect(await mentions(app, 'blogs', blog)).to.deep.equal([]);
      expect(await mentions(app, 'passports', passport)).to.deep.equal([]);
    });

    it('deleting a person clears self relations on both columns and the inverse lists', async () => {
      const { app } = ctx;
      const a = await createEntry(app, 'people', { name: 'a' });
      const b = await createEntry(app, 'people', { name: 'b', following: [a], mentor: a });
      const c = await createEntry(app, 'people', { name: 'c', followers: [a, b] });
      const d = await createEntry(app, 'people', { name: 'd', following: [b, c], mentor: b });
      expect((await app.del(`/api/people/${b}`)).status).to.equal(200);
      expect(await mentions(app, 'people', b)).to.deep.equal([]);
      expect(await populatedIds(app, 'people', c, 'followers')).to.deep.equal([a, d]);
      expect(await populatedIds(app, 'people', d, 'following')).to.deep.equal([c]);
      expect(await populatedIds(app, 'people', d, 'mentor')).to.deep.equal([]);
      expect(await populatedIds(app, 'people', a, 'followers')).to.deep.equal([]);
    });
  },
  { appDir: RELATIONS_APP },
);
