/**
 * A json attribute reads back as it was written, on every database: a JSON string that looks
 * like JSON (`"false"`, `"42"`, `"[1]"`) stays a string (MariaDB's and PostgreSQL's drivers
 * parse JSON columns themselves; it must not be parsed a second time).
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const VALUES: unknown[] = ['false', '42', '[1]', 'null', '"quoted"', 'plain', false, 42, 3.5, [1, '2', { c: 'ü' }], { a: null, b: { x: [3] } }, true];

describeEachDatabase('json attributes read back as written', (ctx) => {
  const created: number[] = [];
  before(async () => {
    for (const meta of VALUES) {
      const res = await ctx.app.post('/api/articles?fields[0]=meta', { data: { title: 'j', meta } });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.attributes.meta).to.deep.equal(meta);
      created.push(res.body.data.id);
    }
  });

  it('by id', async () => {
    for (const [i, id] of created.entries()) {
      const res = await ctx.app.get(`/api/articles/${id}?fields[0]=meta&publicationState=preview`);
      expect(res.status).to.equal(200);
      expect(res.body.data.attributes.meta, JSON.stringify(VALUES[i])).to.deep.equal(VALUES[i]);
    }
  });

  it('in a list', async () => {
    const res = await ctx.app.get(`/api/articles?fields[0]=meta&publicationState=preview&sort=id&pagination[pageSize]=100`);
    expect(res.body.data.map((e: { attributes: { meta: unknown } }) => e.attributes.meta)).to.deep.equal(VALUES);
  });
});
