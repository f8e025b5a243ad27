/**
 * Creator fields (issue 11 item 6, spec 2.6): `createdBy` / `updatedBy` are Strapi v4's
 * `created_by_id` / `updated_by_id` columns pointing at its admin's `admin_users` table. They
 * appear only on a content-type with `populateCreatorFields` and only when populated (by name,
 * in the object form, or by `*`), as a to-one relation showing `{ id, firstname, lastname,
 * username }` and nothing else of the account. Without the table, or without a creator, they
 * are `{ data: null }`. They cannot be filtered or sorted on. One query per creator field.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';

const CREATOR_APP = path.resolve(__dirname, '..', 'fixtures', 'creator-app');

const ADA = { id: 1, attributes: { firstname: 'Ada', lastname: 'Lovelace', username: 'ada' } };
const BOB = { id: 2, attributes: { firstname: 'Bob', lastname: null, username: null } };

/** Strapi v4's `admin_users` table, as its admin creates it, with two accounts. */
async function createAdminUsers(app: TestApp): Promise<void> {
  await app.knex.schema.createTable('admin_users', (t) => {
    t.increments('id');
    for (const column of ['firstname', 'lastname', 'username', 'email', 'password', 'reset_password_token', 'registration_token', 'prefered_language']) t.string(column);
    t.boolean('is_active');
    t.boolean('blocked');
    t.datetime('created_at');
    t.datetime('updated_at');
    t.integer('created_by_id');
    t.integer('updated_by_id');
  });
  const secret = { password: '$2a$10$hash', reset_password_token: 'reset-token', registration_token: 'reg-token', is_active: true, blocked: false };
  await app.knex('admin_users').insert([
    { id: 1, firstname: 'Ada', lastname: 'Lovelace', username: 'ada', email: 'ada@example.com', ...secret },
    { id: 2, firstname: 'Bob', lastname: null, username: null, email: 'bob@example.com', ...secret },
  ]);
}

describeEachDatabase(
  'creator fields',
  (ctx) => {
    let noteIds: number[] = [];

    before(async () => {
      const label = await ctx.app.post('/api/labels', { data: { name: 'red' } });
      expect(label.status).to.equal(200);
      noteIds = [];
      for (const title of ['first', 'second', 'third']) {
        const res = await ctx.app.post('/api/notes', { data: { title, label: label.body.data.id } });
        expect(res.status).to.equal(200);
        noteIds.push(res.body.data.id);
      }
      await ctx.app.knex('labels').update({ created_by_id: 1, updated_by_id: 1 });
    });

    const list = (query: string) => ctx.app.get(`/api/notes?sort=id&fields[0]=title&${query}`);

    it('without a populate, the creator fields are absent even when set', async () => {
      const res = await list('');
      expect(res.status).to.equal(200);
      expect(res.body.data[0]).to.deep.equal({ id: noteIds[0], attributes: { title: 'first' } });
    });

    it('on a database without admin_users, a populated creator is { data: null }', async () => {
      const res = await list('populate=createdBy,updatedBy');
      expect(res.status).to.equal(200);
      expect(res.body.data[0]).to.deep.equal({ id: noteIds[0], attributes: { title: 'first', createdBy: { data: null }, updatedBy: { data: null } } });
      expect(res.body.data).to.have.length(3);
    });

    describe('with Strapi admin accounts', () => {
      before(async () => {
        await createAdminUsers(ctx.app);
        await ctx.app.knex('notes').where('id', noteIds[0]).update({ created_by_id: 1, updated_by_id: 2 });
        await ctx.app.knex('notes').where('id', noteIds[1]).update({ created_by_id: 2, updated_by_id: null });
        // an account that no longer exists: shown as no creator
        await ctx.app.knex('notes').where('id', noteIds[2]).update({ created_by_id: 99, updated_by_id: 99 });
      });

      it('populate=createdBy,updatedBy: each as a to-one relation with id, firstname, lastname, username only', async () => {
        const res = await list('populate=createdBy,updatedBy');
        expect(res.status).to.equal(200);
        expect(res.body.data).to.deep.equal([
          { id: noteIds[0], attributes: { title: 'first', createdBy: { data: ADA }, updatedBy: { data: BOB } } },
          { id: noteIds[1], attributes: { title: 'second', createdBy: { data: BOB }, updatedBy: { data: null } } },
          { id: noteIds[2], attributes: { title: 'third', createdBy: { data: null }, updatedBy: { data: null } } },
        ]);
        expect(JSON.stringify(res.body)).to.not.match(/example\.com|hash|token|is_active|blocked/);
      });

      it('the object form populates only the creator asked for', async () => {
        const res = await ctx.app.get(`/api/notes/${noteIds[0]}?fields[0]=title&populate[updatedBy]=true&populate[createdBy]=false`);
        expect(res.status).to.equal(200);
        expect(res.body.data).to.deep.equal({ id: noteIds[0], attributes: { title: 'first', updatedBy: { data: BOB } } });
      });

      it('populate=* includes them after every attribute, as Strapi v4 does with populateCreatorFields', async () => {
        const res = await ctx.app.get(`/api/notes/${noteIds[0]}?fields[0]=title&populate=*`);
        expect(res.status).to.equal(200);
        expect(Object.keys(res.body.data.attributes)).to.deep.equal(['title', 'label', 'createdBy', 'updatedBy']);
        expect(res.body.data.attributes.createdBy).to.deep.equal({ data: ADA });
        expect(res.body.data.attributes.updatedBy).to.deep.equal({ data: BOB });
      });

      it('a content-type without populateCreatorFields never shows them, at the top or populated', async () => {
        const labels = await ctx.app.get('/api/labels?fields[0]=name&populate=createdBy,updatedBy');
        expect(labels.status).to.equal(200);
        expect(labels.body.data[0].attributes).to.deep.equal({ name: 'red' });
        const star = await ctx.app.get('/api/labels?fields[0]=name&populate=*');
        expect(star.body.data[0].attributes).to.deep.equal({ name: 'red' });
        const nested = await ctx.app.get(`/api/notes/${noteIds[0]}?fields[0]=title&populate[label][populate]=*&populate[label][fields][0]=name`);
        expect(nested.status).to.equal(200);
        expect(nested.body.data.attributes).to.deep.equal({ title: 'first', label: { data: { id: 1, attributes: { name: 'red' } } } });
      });

      for (const query of ['filters[createdBy][firstname][$startsWith]=A', 'filters[createdBy][id]=1', 'sort=createdBy.firstname']) {
        it(`${query} is refused with a 400`, async () => {
          const res = await ctx.app.get(`/api/notes?${query}`);
          expect(res.status).to.equal(400);
          expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter createdBy', details: {} } });
        });
      }

      it('costs one query per creator field, whatever the number of entries', async () => {
        const bare = await ctx.app.countQueries(() => list('pagination[pageSize]=1'));
        const one = await ctx.app.countQueries(() => list('pagination[pageSize]=1&populate=createdBy,updatedBy'));
        const three = await ctx.app.countQueries(() => list('pagination[pageSize]=3&populate=createdBy,updatedBy'));
        expect(one.result.body.data).to.have.length(1);
        expect(three.result.body.data).to.have.length(3);
        expect(one.count).to.equal(bare.count + 2);
        expect(three.count).to.equal(bare.count + 2);
      });
    });
  },
  { appDir: CREATOR_APP },
);
