/**
 * Every relation kind of the fixture app × every body syntax, over HTTP on every database:
 * after each POST/PUT the populated relation is read back from this side (exact body), and for
 * two-way relations from the other side too (both sides agree).
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { createEntry, populatedBody, populatePath, RELATIONS_APP, updateEntry } from './helpers';
import { SIDES } from './sides';

/** Body values and the ids each leaves linked; `t` maps a target letter to its id. */
const LETTERS = ['a', 'b', 'c', 'd'] as const;
type Letter = (typeof LETTERS)[number];
type Step = [string, (t: Record<Letter, number>) => unknown, Letter[]];

const TO_MANY_STEPS: Step[] = [
  ['an array of ids (create)', (t) => [t.a, t.b], ['a', 'b']],
  ['connect shorthand', (t) => ({ connect: [t.c] }), ['a', 'b', 'c']],
  ['connect longhand', (t) => ({ connect: [{ id: t.d }] }), ['a', 'b', 'c', 'd']],
  ['disconnect shorthand', (t) => ({ disconnect: [t.b] }), ['a', 'c', 'd']],
  ['disconnect longhand', (t) => ({ disconnect: [{ id: t.c }] }), ['a', 'd']],
  ['set shorthand, in the given order', (t) => ({ set: [t.d, t.a, t.c] }), ['d', 'a', 'c']],
  ['set longhand', (t) => ({ set: [{ id: t.b }] }), ['b']],
  ['ids as numeric strings', (t) => [String(t.c), String(t.a)], ['c', 'a']],
  ['connect and disconnect together', (t) => ({ connect: [t.d], disconnect: [t.c] }), ['a', 'd']],
  ['an empty array clears', () => [], []],
  ['a single id', (t) => t.b, ['b']],
  ['null clears', () => null, []],
  ['set together with connect: set wins', (t) => ({ set: [t.a], connect: [t.b] }), ['a']],
  ['an empty set clears', () => ({ set: [] }), []],
];

const TO_ONE_STEPS: Step[] = [
  ['a single id (create)', (t) => t.a, ['a']],
  ['a numeric string', (t) => String(t.b), ['b']],
  ['an array keeps the last id', (t) => [t.b, t.a], ['a']],
  ['connect shorthand keeps the last id', (t) => ({ connect: [t.c, t.b] }), ['b']],
  ['connect longhand', (t) => ({ connect: [{ id: t.a }] }), ['a']],
  ['disconnect of an id not linked changes nothing', (t) => ({ disconnect: [t.b] }), ['a']],
  ['disconnect longhand', (t) => ({ disconnect: [{ id: t.a }] }), []],
  ['set shorthand keeps the last id', (t) => ({ set: [t.c, t.d] }), ['d']],
  ['null clears', () => null, []],
  ['set longhand', (t) => ({ set: [{ id: t.b }] }), ['b']],
  ['an empty array clears', () => [], []],
  ['set together with connect: set wins', (t) => ({ set: [t.c], connect: [t.a] }), ['c']],
];

describeEachDatabase(
  'relations over HTTP: every kind × every syntax',
  (ctx) => {
    for (const side of SIDES) {
      it(`${side.title}: ${side.plural}.${side.field}`, async () => {
        const { app } = ctx;
        const names: Record<Letter, string> = { a: `${side.field}-a`, b: `${side.field}-b`, c: `${side.field}-c`, d: `${side.field}-d` };
        const ids: Record<Letter, number> = { a: 0, b: 0, c: 0, d: 0 };
        for (const letter of LETTERS) ids[letter] = await createEntry(app, side.target.plural, { [side.target.nameField]: names[letter] });
        const selfName = `${side.plural}-${side.field}`;
        let self = 0;
        for (const [label, value, linked] of side.toMany ? TO_MANY_STEPS : TO_ONE_STEPS) {
          if (self === 0) self = await createEntry(app, side.plural, { [side.nameField]: selfName, [side.field]: value(ids) });
          else await updateEntry(app, side.plural, self, { [side.field]: value(ids) });

          const res = await app.get(populatePath(side.plural, self, side.nameField, side.field, side.target.nameField));
          const expected = populatedBody(
            self,
            side.nameField,
            selfName,
            side.field,
            side.toMany,
            side.target.nameField,
            linked.map((l) => [ids[l], names[l]]),
          );
          expect({ status: res.status, body: res.body }, label).to.deep.equal({ status: 200, body: expected });

          if (!side.inverse) continue;
          for (const letter of LETTERS) {
            const back = await app.get(populatePath(side.target.plural, ids[letter], side.target.nameField, side.inverse.field, side.nameField));
            const mine: Array<[number, string]> = linked.includes(letter) ? [[self, selfName]] : [];
            const inverse = populatedBody(ids[letter], side.target.nameField, names[letter], side.inverse.field, side.inverse.toMany, side.nameField, mine);
            expect({ status: back.status, body: back.body }, `${label}: from ${side.target.plural} ${letter}`).to.deep.equal({ status: 200, body: inverse });
          }
        }
      });
    }

    it('a single owner on the to-one side of oneToOne and oneToMany: linking moves the target', async () => {
      const { app } = ctx;
      const passport = await createEntry(app, 'passports', { number: 'P' });
      const post = await createEntry(app, 'posts', { title: 'moving' });
      const ann = await createEntry(app, 'people', { name: 'ann', passport, posts: [post] });
      const ben = await createEntry(app, 'people', { name: 'ben', passport: { connect: [passport] }, posts: { connect: [post] } });
      const annView = await app.get(`/api/people/${ann}?fields[0]=name&populate[passport][fields][0]=number&populate[posts][fields][0]=title`);
      expect(annView.body).to.deep.equal({ data: { id: ann, attributes: { name: 'ann', passport: { data: null }, posts: { data: [] } } }, meta: {} });
      const postView = await app.get(populatePath('posts', post, 'title', 'author', 'name'));
      expect(postView.body).to.deep.equal(populatedBody(post, 'title', 'moving', 'author', false, 'name', [[ben, 'ben']]));
      // a blog's post moves to the other blog when connected there
      const news = await createEntry(app, 'blogs', { name: 'news', posts: [post] });
      const tech = await createEntry(app, 'blogs', { name: 'tech' });
      await updateEntry(app, 'blogs', tech, { posts: { connect: [post] } });
      expect((await app.get(populatePath('blogs', news, 'name', 'posts', 'title'))).body).to.deep.equal(populatedBody(news, 'name', 'news', 'posts', true, 'title', []));
      expect((await app.get(populatePath('posts', post, 'title', 'blog', 'name'))).body).to.deep.equal(populatedBody(post, 'title', 'moving', 'blog', false, 'name', [[tech, 'tech']]));
    });

    it('one-way relations allow shared targets: two owners, one target', async () => {
      const { app } = ctx;
      const label = await createEntry(app, 'labels', { name: 'shared' });
      const target = await createEntry(app, 'posts', { title: 'target' });
      const p1 = await createEntry(app, 'posts', { title: 'one', pinnedLabel: label, related: [target] });
      const p2 = await createEntry(app, 'posts', { title: 'two', pinnedLabel: label, related: [target] });
      for (const [id, title] of [
        [p1, 'one'],
        [p2, 'two'],
      ] as const) {
        const res = await app.get(`/api/posts/${id}?fields[0]=title&populate[pinnedLabel][fields][0]=name&populate[related][fields][0]=title`);
        expect(res.body).to.deep.equal({
          data: { id, attributes: { title, pinnedLabel: { data: { id: label, attributes: { name: 'shared' } } }, related: { data: [{ id: target, attributes: { title: 'target' } }] } } },
          meta: {},
        });
      }
    });

    it('relations inside a component, on create and update', async () => {
      const { app } = ctx;
      const [l1, l2, l3] = [await createEntry(app, 'labels', { name: 'c1' }), await createEntry(app, 'labels', { name: 'c2' }), await createEntry(app, 'labels', { name: 'c3' })];
      const pick = await createEntry(app, 'posts', { title: 'picked' });
      const post = await createEntry(app, 'posts', { title: 'with component', reference: { note: 'n', labels: [l2, l1], post: pick } });
      const path = `/api/posts/${post}?fields[0]=title&populate[reference][populate][labels][fields][0]=name&populate[reference][populate][post][fields][0]=title`;
      const first = await app.get(path);
      const componentId = first.body.data.attributes.reference.id as number;
      const reference = (labels: Array<[number, string]>, picked: [number, string] | null) => ({
        data: {
          id: post,
          attributes: {
            title: 'with component',
            reference: {
              id: componentId,
              note: 'n',
              labels: { data: labels.map(([id, name]) => ({ id, attributes: { name } })) },
              post: { data: picked ? { id: picked[0], attributes: { title: picked[1] } } : null },
            },
          },
        },
        meta: {},
      });
      expect(first.body).to.deep.equal(
        reference(
          [
            [l2, 'c2'],
            [l1, 'c1'],
          ],
          [pick, 'picked'],
        ),
      );
      await updateEntry(app, 'posts', post, { reference: { id: componentId, note: 'n', labels: { connect: [{ id: l3, position: { before: l1 } }] }, post: null } });
      expect((await app.get(path)).body).to.deep.equal(
        reference(
          [
            [l2, 'c2'],
            [l3, 'c3'],
            [l1, 'c1'],
          ],
          null,
        ),
      );
    });
  },
  { appDir: RELATIONS_APP },
);
