/**
 * The populate of components and dynamic zones reads `<table>_components` by owner id. On
 * SQLite (no statistics) the planner would otherwise pick the index on `field` or
 * `component_type`, a handful of values, and scan most of the table on every list: this checks
 * the plan of the statements a `populate=*` list really issues.
 */
import { expect } from 'chai';
import { startApp, type TestApp } from '../helpers/app';
import { articleRow } from './populate-seed';

describe('populate query plans [sqlite]', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startApp({ client: 'sqlite' });
    const knex = app.knex;
    await knex('articles').insert([1, 2].map((id) => articleRow(app, { id, title: `a${id}` })));
    await knex('components_shared_seos').insert([{ id: 1, meta_title: 's1' }]);
    await knex('components_shared_quotes').insert([{ id: 1, title: 'q', body: 'b' }]);
    await knex('articles_components').insert([
      { entity_id: 1, component_id: 1, component_type: 'shared.seo', field: 'seo', order: 1 },
      { entity_id: 2, component_id: 1, component_type: 'shared.quote', field: 'blocks', order: 1 },
    ]);
  });
  after(async () => {
    await app?.close();
  });

  it('component and dynamic-zone joins are searched by owner id', async () => {
    const { result, queries } = await app.countQueries(() => app.get('/api/articles?populate[seo]=true&populate[blocks]=true&fields[0]=title'));
    expect(result.status, result.text).to.equal(200);
    expect(result.body.data.map((e: { attributes: Record<string, unknown> }) => [e.attributes.seo, e.attributes.blocks])).to.deep.equal([
      [{ id: 1, metaTitle: 's1', metaDescription: null }, []],
      [null, [{ id: 1, __component: 'shared.quote', title: 'q', body: 'b' }]],
    ]);
    const joins = queries.filter((q) => /from `articles_components`|join `articles_components`/.test(q.sql));
    expect(joins).to.have.length(2);
    for (const q of joins) {
      const plan = (await app.knex.raw(`EXPLAIN QUERY PLAN ${q.sql}`, q.bindings as never[])) as Array<{ detail: string }>;
      const search = plan.map((row) => row.detail).find((detail) => /articles_components|\bpj\b/.test(detail));
      expect(search, q.sql).to.match(/USING (COVERING )?INDEX articles_(entity_fk|unique) \(entity_id=\?/);
    }
  });
});
