/**
 * PostgreSQL hands the read path its `timestamptz` values as text, and UTC text becomes the
 * answer's ISO form without a Date in between. The answer is what a Date would give: truncated
 * to milliseconds, and the same when the session prints another time zone (then pg's Date is
 * used).
 */
import { expect } from 'chai';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';

for (const client of testClients().filter((name) => name === 'postgres')) {
  describe(`timestamps read from PostgreSQL [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    let article: number;
    let tag: number;
    before(async () => {
      app = await startApp({ client });
      article = (await app.post('/api/articles', { data: { title: 'stamped' } })).body.data.id;
      tag = (await app.post('/api/tags', { data: { name: 'stamped', articles: [article] } })).body.data.id;
      await app.knex.raw("update articles set created_at = '2026-01-02 03:04:05.678999+00', updated_at = '2026-01-02 03:04:05+00' where id = ?", [article]);
    });
    after(async () => app?.close());

    const stamps = { createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-01-02T03:04:05.000Z' };

    it('a read by id, a page and a populated level answer ISO text truncated to milliseconds', async () => {
      const one = await app.get(`/api/articles/${article}?fields[0]=createdAt&fields[1]=updatedAt`);
      expect({ status: one.status, body: one.body }).to.deep.equal({ status: 200, body: { data: { id: article, attributes: stamps }, meta: {} } });
      const page = await app.get('/api/articles?filters[title][$eq]=stamped&fields[0]=createdAt&fields[1]=updatedAt');
      expect(page.body.data).to.deep.equal([{ id: article, attributes: stamps }]);
      const populated = await app.get(`/api/tags/${tag}?fields[0]=name&populate[articles][fields][0]=createdAt&populate[articles][fields][1]=updatedAt`);
      expect(populated.body.data.attributes.articles.data).to.deep.equal([{ id: article, attributes: stamps }]);
    });

    it('a session in another time zone gives the same instants', async () => {
      const service = app.platform.service('plugin::query-engine.entity-service');
      const read = await app.platform.db.transaction(async (trx) => {
        await trx.raw("set local time zone 'America/St_Johns'");
        const [{ text }] = (await trx.raw('select created_at::text as text from articles where id = ?', [article])).rows;
        return { text, entity: await service.findOne('api::article.article', article, { fields: ['createdAt', 'updatedAt'] }) };
      });
      // the wire text carries the session's offset, not +00
      expect(read.text).to.equal('2026-01-01 23:34:05.678999-03:30');
      expect(read.entity).to.deep.equal({ id: article, ...stamps });
    });
  });
}
