/**
 * A to-many populate reads every parent's list in one statement ordered by the parent, then
 * the list's stored order, then the link id, so that the database can walk the link table's
 * extra `(owner, order)` index (created by the schema sync beside Strapi's own) instead of
 * sorting every linked row. Each parent's list keeps its stored order, on every database.
 */
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import { startApp, type TestApp } from '../helpers/app';
import { schemaSnapshot } from '../helpers/db-snapshot';
import { articleRow, stamps, T1 } from './populate-seed';

type Entry = { id: number; attributes: Record<string, unknown> };

for (const client of testClients()) {
  describe(`populate of ordered lists through link tables [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      app = await startApp({ client });
      const knex = app.knex;
      await knex('articles').insert([1, 2, 3, 4].map((id) => articleRow(app, { id, title: `a${id}` })));
      await knex('tags').insert([1, 2, 3].map((id) => ({ id, name: `t${id}`, ...stamps(T1) })));
      // link ids, tag order and article order all disagree, so that only the stored order explains the answer
      await knex('articles_tags_links').insert([
        { id: 1, article_id: 1, tag_id: 2, tag_order: 2, article_order: 3 },
        { id: 2, article_id: 2, tag_id: 2, tag_order: 1, article_order: 1 },
        { id: 3, article_id: 3, tag_id: 2, tag_order: 1, article_order: 2 },
        { id: 4, article_id: 1, tag_id: 1, tag_order: 1, article_order: 2 },
        { id: 5, article_id: 4, tag_id: 1, tag_order: 1, article_order: 1 },
        { id: 6, article_id: 4, tag_id: 3, tag_order: 2, article_order: 1 },
        { id: 7, article_id: 2, tag_id: 3, tag_order: 2, article_order: 1 },
      ]);
    });
    after(async () => {
      await app?.close();
    });

    it('creates the list indexes of each side of a link table, beside the indexes of the layout', async () => {
      const snapshot = await schemaSnapshot(app.knex, client);
      const links = snapshot.articles_tags_links;
      expect(links?.indexes.articles_tags_links_list_index).to.deep.equal({ columns: ['article_id', 'tag_order'], unique: false });
      expect(links?.indexes.articles_tags_links_inv_list_index).to.deep.equal({ columns: ['tag_id', 'article_order'], unique: false });
    });

    it("answers each parent's list in its stored order, ordering the statement by parent first", async () => {
      const { result, queries } = await app.countQueries(() => app.get('/api/tags?populate[articles][fields][0]=title&sort=id'));
      expect(result.status, result.text).to.equal(200);
      const lists = result.body.data.map((tag: Entry) => [tag.id, (tag.attributes.articles as { data: Entry[] }).data.map((article) => article.attributes.title)]);
      // ties in the stored order (tag 3) fall back to the link id
      expect(lists).to.deep.equal([
        [1, ['a4', 'a1']],
        [2, ['a2', 'a3', 'a1']],
        [3, ['a4', 'a2']],
      ]);
      const populate = queries.filter((q) => /join [`"]articles_tags_links[`"]/.test(q.sql));
      expect(populate).to.have.length(1);
      expect(populate[0]?.sql).to.match(/order by [`"]pl[`"]\.[`"]tag_id[`"] asc, [`"]pl[`"]\.[`"]article_order[`"] asc, [`"]pl[`"]\.[`"]id[`"] asc$/);
    });

    it("keeps the owning side's lists in their stored order too", async () => {
      const result = await app.get('/api/articles?populate[tags][fields][0]=name&fields[0]=title&sort=id');
      expect(result.status, result.text).to.equal(200);
      const lists = result.body.data.map((article: Entry) => [article.id, (article.attributes.tags as { data: Entry[] }).data.map((tag) => tag.attributes.name)]);
      expect(lists).to.deep.equal([
        [1, ['t1', 't2']],
        [2, ['t2', 't3']],
        [3, ['t2']],
        [4, ['t1', 't3']],
      ]);
    });

    if (client === 'sqlite') {
      it('reads the lists from the list index, without a sort', async () => {
        const { queries } = await app.countQueries(() => app.get('/api/tags?populate[articles][fields][0]=title'));
        const populate = queries.find((q) => /join `articles_tags_links`/.test(q.sql));
        expect(populate).to.not.equal(undefined);
        const plan = (await app.knex.raw(`EXPLAIN QUERY PLAN ${populate?.sql}`, populate?.bindings as never[])) as Array<{ detail: string }>;
        const details = plan.map((row) => row.detail);
        expect(details.join(' | ')).to.not.match(/TEMP B-TREE/);
        expect(
          details.some((detail) => /USING (COVERING )?INDEX articles_tags_links_inv_list_index \(tag_id=\?/.test(detail)),
          details.join(' | '),
        ).to.equal(true);
      });
    }
  });
}
