/**
 * A link row that cannot be written fails the whole write: it is never dropped in silence.
 * PostgreSQL is where it happens in practice: a link table whose id sequence is behind its rows
 * (rows copied in with their ids) hands out an id that is taken. Only a second copy of the same
 * pair is a conflict the writer may ignore (a concurrent writer made the same link).
 */
import { expect } from 'chai';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';

for (const client of testClients().filter((name) => name === 'postgres')) {
  describe(`relations: a link id already taken [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      app = await startApp({ client });
    });
    after(async () => app?.close());

    it('fails the create and writes nothing, instead of answering 200 without the relation', async () => {
      const first = (await app.post('/api/tags', { data: { name: 'first' } })).body.data.id;
      const second = (await app.post('/api/tags', { data: { name: 'second' } })).body.data.id;
      const article = (await app.post('/api/articles', { data: { title: 'linked', tags: [first] } })).body.data.id;
      // a row copied in with its id: the sequence still hands out that id next
      const [{ max } = { max: 0 }] = await app.knex('articles_tags_links').max('id as max');
      await app.knex('articles_tags_links').insert({ id: Number(max) + 1, article_id: article, tag_id: second });

      const res = await app.post('/api/articles', { data: { title: 'lost?', tags: [second] } });
      expect({ status: res.status, body: res.body }).to.deep.equal({
        status: 500,
        body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } },
      });
      expect(await app.knex('articles').where('title', 'lost?').select('id')).to.deep.equal([]);
      expect((await app.knex('articles_tags_links').orderBy('id').select('article_id', 'tag_id')).map((r) => [r.article_id, r.tag_id])).to.deep.equal([
        [article, first],
        [article, second],
      ]);
    });

    it('still keeps one row when the same pair is linked twice at once', async () => {
      const tag = (await app.post('/api/tags', { data: { name: 'shared' } })).body.data.id;
      const article = (await app.post('/api/articles', { data: { title: 'twice' } })).body.data.id;
      const writes = await Promise.all([1, 2, 3].map(() => app.put(`/api/articles/${article}`, { data: { tags: { connect: [tag] } } })));
      expect(writes.map((w) => w.status)).to.deep.equal([200, 200, 200]);
      expect(await app.knex('articles_tags_links').where({ article_id: article }).select('tag_id')).to.deep.equal([{ tag_id: tag }]);
    });
  });
}
