/**
 * Relation errors over HTTP on every database: the exact 400 envelope of each, and nothing
 * written (no entry, no link row, no changed order) when any relation of the request fails.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { createEntry, insertRows, linkRows, RELATIONS_APP, validationEnvelope } from './helpers';
import { countRows } from '../helpers/count';

const notExist = (n: number, uid: string) => `${n} relation(s) of type ${uid} associated with this entity do not exist`;

describeEachDatabase(
  'relations over HTTP: errors write nothing',
  (ctx) => {
    let a = 0;
    let b = 0;
    let c = 0;
    let post = 0;

    async function state() {
      const count = (table: string) => countRows(ctx.app.knex(table));
      return {
        posts: await count('posts'),
        components: await count('components_parts_references'),
        labels: await linkRows(ctx.app, 'posts_labels_links', ['id', 'post_id', 'label_id', 'label_order', 'post_order']),
        blog: await linkRows(ctx.app, 'posts_blog_links', ['id', 'post_id', 'blog_id', 'post_order']),
        morphs: await count('files_related_morphs'),
        title: (await ctx.app.knex('posts').select('title').where('id', post))[0]?.title,
      };
    }

    before(async () => {
      a = await createEntry(ctx.app, 'labels', { name: 'a' });
      b = await createEntry(ctx.app, 'labels', { name: 'b' });
      c = await createEntry(ctx.app, 'labels', { name: 'c' });
      post = await createEntry(ctx.app, 'posts', { title: 'before', labels: [a, b] });
    });

    const cases: Array<{ title: string; method: 'POST' | 'PUT'; data: () => Record<string, unknown>; message: () => string; details?: () => Record<string, unknown> }> = [
      {
        title: 'an id that does not exist (counted, path [])',
        method: 'PUT',
        data: () => ({ title: 'changed', labels: { connect: [c, 99998, '99999'] } }),
        message: () => notExist(2, 'api::label.label'),
        details: () => ({ errors: [{ path: [], message: notExist(2, 'api::label.label'), name: 'ValidationError' }] }),
      },
      {
        title: 'ids that do not exist in two relations of one body (in schema order)',
        method: 'POST',
        data: () => ({ title: 'new', labels: [a, 99999], blog: 99999 }),
        message: () => '2 errors occurred',
        details: () => ({
          errors: [
            { path: [], message: notExist(1, 'api::blog.blog'), name: 'ValidationError' },
            { path: [], message: notExist(1, 'api::label.label'), name: 'ValidationError' },
          ],
        }),
      },
      {
        title: 'a missing id in a set, a to-one and a component relation',
        method: 'POST',
        data: () => ({ title: 'new', reference: { note: 'n', labels: { set: [a, 99999] } } }),
        message: () => notExist(1, 'api::label.label'),
        details: () => ({ errors: [{ path: [], message: notExist(1, 'api::label.label'), name: 'ValidationError' }] }),
      },
      {
        title: 'an id larger than any integer column holds (no database error)',
        method: 'PUT',
        data: () => ({ labels: [a, '9007199254740991'], gallery: { set: [9007199254740991] } }),
        message: () => '2 errors occurred',
        details: () => ({
          errors: [
            { path: [], message: notExist(1, 'api::label.label'), name: 'ValidationError' },
            { path: [], message: notExist(1, 'plugin::upload.file'), name: 'ValidationError' },
          ],
        }),
      },
      {
        title: 'the same id twice with positions',
        method: 'PUT',
        data: () => ({
          title: 'changed',
          labels: {
            connect: [
              { id: c, position: { start: true } },
              { id: c, position: { end: true } },
            ],
          },
        }),
        message: () => `The relation with id ${c} is already connected. You cannot connect the same relation twice.`,
      },
      {
        title: 'a position naming an id that is not connected (echoed as sent)',
        method: 'PUT',
        data: () => ({ title: 'changed', labels: { connect: [{ id: c, position: { before: '999' } }] } }),
        message: () => `There was a problem connecting relation with id ${c} at position {"before":"999"}. The relation with id 999 needs to be connected first.`,
      },
      {
        title: 'a position naming an id disconnected in the same request',
        method: 'PUT',
        data: () => ({ labels: { disconnect: [a], connect: [{ id: c, position: { after: a } }] } }),
        message: () => `There was a problem connecting relation with id ${c} at position {"after":${a}}. The relation with id ${a} needs to be connected first.`,
      },
      {
        title: 'a circular before/after',
        method: 'POST',
        data: () => ({
          title: 'new',
          labels: {
            connect: [
              { id: a, position: { before: b } },
              { id: b, position: { after: a } },
            ],
          },
        }),
        message: () => 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it',
      },
      {
        title: 'a malformed id',
        method: 'PUT',
        data: () => ({ title: 'changed', labels: [a, 'abc'] }),
        message: () => 'Invalid relation id "abc" for attribute "labels"',
        details: () => ({ errors: [{ path: ['labels'], message: 'Invalid relation id "abc" for attribute "labels"', name: 'ValidationError' }] }),
      },
      {
        title: 'a malformed position',
        method: 'PUT',
        data: () => ({ labels: { connect: [{ id: c, position: { before: a, after: b } }] } }),
        message: () => `Invalid position {"before":${a},"after":${b}} for the relation with id ${c} of attribute "labels"`,
        details: () => ({ errors: [{ path: ['labels'], message: `Invalid position {"before":${a},"after":${b}} for the relation with id ${c} of attribute "labels"`, name: 'ValidationError' }] }),
      },
      {
        title: 'connect on a media attribute',
        method: 'PUT',
        data: () => ({ title: 'changed', gallery: { connect: [1] } }),
        message: () => '"connect" cannot be used for the media attribute "gallery"; send the file ids or "set"',
        details: () => ({ errors: [{ path: ['gallery'], message: '"connect" cannot be used for the media attribute "gallery"; send the file ids or "set"', name: 'ValidationError' }] }),
      },
      {
        title: 'a file of a type the media attribute does not allow, with a good relation beside it',
        method: 'PUT',
        data: () => ({ labels: [c], gallery: [1, 2] }),
        message: () => 'The file with id 2 (application/pdf) is not allowed in "gallery", which accepts: images, videos',
        details: () => ({ errors: [{ path: ['gallery'], message: 'The file with id 2 (application/pdf) is not allowed in "gallery", which accepts: images, videos', name: 'ValidationError' }] }),
      },
    ];

    for (const testCase of cases) {
      it(testCase.title, async () => {
        if ((await countRows(ctx.app.knex('files'))) === 0) {
          await insertRows(ctx.app, 'files', [
            { name: 'a.png', mime: 'image/png' },
            { name: 'b.pdf', mime: 'application/pdf' },
          ]);
        }
        const before = await state();
        const res = testCase.method === 'POST' ? await ctx.app.post('/api/posts', { data: testCase.data() }) : await ctx.app.put(`/api/posts/${post}`, { data: testCase.data() });
        expect({ status: res.status, body: res.body }).to.deep.equal({ status: 400, body: validationEnvelope(testCase.message(), testCase.details?.() ?? {}) });
        expect(await state()).to.deep.equal(before);
      });
    }
  },
  { appDir: RELATIONS_APP },
);
