/**
 * Two nodes of one app (two `platform start` processes on their own ports, one database, one
 * Redis), on MariaDB and PostgreSQL: booting together on a fresh database ends with one schema,
 * and every kind of write on one node is seen by the other node's next read, cached or not.
 * Node A keeps answers in its memory, node B in Redis; both read the generations in Redis.
 */
import { expect } from 'chai';
import knexFactory from 'knex';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { databaseEnv, startNode, type Node } from './nodes';
import { countRows } from '../helpers/count';
import type { Json } from '../helpers/json';

const NOW = () => new Date().toISOString();

for (const client of testClients().filter((name) => name !== 'sqlite')) {
  describe(`two nodes with Redis [${client}]`, function () {
    this.timeout(120000);
    let database: TestDatabase;
    let a: Node;
    let b: Node;
    /** a user of the authenticated role (the public role only reads) */
    let jwt: string;
    const write = (node: Node, method: string, path: string, body?: unknown) => node.send(method, path, body, { authorization: `Bearer ${jwt}` });

    before(async () => {
      database = await createTestDatabase(client);
      // both boot at once on the fresh database
      [a, b] = await Promise.all([startNode({ ...databaseEnv(database), CACHE_STORE: 'memory' }), startNode({ ...databaseEnv(database), CACHE_STORE: 'redis' })]);
      const registered = await a.send('POST', '/api/auth/local/register', { username: 'editor', email: 'editor@example.com', password: 'Secret123' });
      expect(registered.status, registered.text).to.equal(200);
      jwt = registered.body.jwt;
    });

    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    /** reads `path` on `node` twice; the second answer comes from the cache */
    async function cached(node: Node, path: string) {
      const first = await node.get(path);
      expect(first.status, first.text).to.equal(200);
      const second = await node.get(path);
      expect(second.headers.get('x-cache'), path).to.equal('hit');
      expect(second.text).to.equal(first.text);
      return second;
    }

    it('booting together on a fresh database ends with one schema, and a third node finds nothing to change', async () => {
      const knex = knexFactory(
        database.config.connection.client === 'mysql' ? { client: 'mysql2', connection: database.config.connection.connection } : { client: 'pg', connection: database.config.connection.connection },
      );
      try {
        expect(await countRows(knex('strapi_database_schema'))).to.equal(1);
      } finally {
        await knex.destroy();
      }
      const waited = [a.output(), b.output()].filter((out) => out.includes('another node is booting on this database')).length;
      expect(waited, 'one node waited for the other').to.equal(1);
      const third = await startNode(databaseEnv(database));
      try {
        expect(third.output()).not.to.match(/another node is booting|database: schema synced/);
        expect((await third.get('/api/articles')).status).to.equal(200);
      } finally {
        await third.stop();
      }
    });

    it("a create, an update and a delete on A are seen by B's next read", async () => {
      const list = '/api/categories?sort=id&fields[0]=name';
      expect((await cached(b, list)).body.data).to.deep.equal([]);
      const created = await write(a, 'POST', '/api/categories', { data: { name: 'News' } });
      expect(created.status, created.text).to.equal(200);
      expect((await b.get(list)).body.data.map((c: Json) => c.attributes.name)).to.deep.equal(['News']);
      await cached(b, list);
      expect((await write(a, 'PUT', `/api/categories/${created.body.data.id}`, { data: { name: 'World' } })).status).to.equal(200);
      expect((await b.get(list)).body.data.map((c: Json) => c.attributes.name)).to.deep.equal(['World']);
      await cached(b, list);
      expect((await write(a, 'DELETE', `/api/categories/${created.body.data.id}`)).status).to.equal(200);
      expect((await b.get(list)).body.data).to.deep.equal([]);
    });

    it('relations written from either side, components, dynamic zones, publication and locales written on one node are seen on the other', async () => {
      const tag = (await write(a, 'POST', '/api/tags', { data: { name: 'red' } })).body.data.id;
      const article = (await write(a, 'POST', '/api/articles', { data: { title: 'First', seo: { metaTitle: 'one' }, blocks: [{ __component: 'shared.quote', title: 'q1' }], publishedAt: NOW() } }))
        .body.data.id;
      const tagPath = `/api/tags/${tag}?populate=articles`;
      expect((await cached(b, tagPath)).body.data.attributes.articles.data).to.deep.equal([]);
      // a relation written on the article's side changes the tag's answer on the other node
      expect((await write(a, 'PUT', `/api/articles/${article}`, { data: { tags: { connect: [tag] } } })).status).to.equal(200);
      expect((await b.get(tagPath)).body.data.attributes.articles.data.map((x: Json) => x.id)).to.deep.equal([article]);
      // and from the tag's side, written on B, read on A
      const articlePath = `/api/articles/${article}?populate=tags`;
      expect((await cached(a, articlePath)).body.data.attributes.tags.data.map((x: Json) => x.id)).to.deep.equal([tag]);
      expect((await write(b, 'PUT', `/api/tags/${tag}`, { data: { articles: { disconnect: [article] } } })).status).to.equal(200);
      expect((await a.get(articlePath)).body.data.attributes.tags.data).to.deep.equal([]);
      // components and dynamic zones
      const parts = `/api/articles/${article}?populate[seo]=*&populate[blocks]=*`;
      await cached(b, parts);
      expect((await write(a, 'PUT', `/api/articles/${article}`, { data: { seo: { metaTitle: 'two' }, blocks: [{ __component: 'shared.quote', title: 'q2' }] } })).status).to.equal(200);
      const after = (await b.get(parts)).body.data.attributes;
      expect([after.seo.metaTitle, after.blocks[0].title]).to.deep.equal(['two', 'q2']);
      // unpublish and publish
      const live = '/api/articles?fields[0]=title';
      expect((await cached(b, live)).body.data.map((x: Json) => x.id)).to.deep.equal([article]);
      expect((await write(a, 'PUT', `/api/articles/${article}`, { data: { publishedAt: null } })).status).to.equal(200);
      expect((await b.get(live)).body.data).to.deep.equal([]);
      await cached(b, live);
      expect((await write(a, 'PUT', `/api/articles/${article}`, { data: { publishedAt: NOW() } })).status).to.equal(200);
      expect((await b.get(live)).body.data.map((x: Json) => x.id)).to.deep.equal([article]);
      // a new locale
      const fr = '/api/articles?locale=fr&fields[0]=title';
      expect((await cached(b, fr)).body.data).to.deep.equal([]);
      expect((await write(a, 'POST', '/api/articles', { data: { locale: 'fr', title: 'Premier', localizations: [article], publishedAt: NOW() } })).status).to.equal(200);
      expect((await b.get(fr)).body.data.map((x: Json) => x.attributes.title)).to.deep.equal(['Premier']);
    });

    it('a GraphQL query cached on B is fresh after a write on A (REST or a GraphQL mutation)', async () => {
      const category = (await write(a, 'POST', '/api/categories', { data: { name: 'g0' } })).body.data.id;
      const query = { query: `query One($id: ID) { category(id: $id) { data { attributes { name } } } }`, variables: { id: category } };
      const ask = async (node: Node) => {
        const res = await node.send('POST', '/graphql', query);
        expect(res.status, res.text).to.equal(200);
        return res.body.data.category.data.attributes.name as string;
      };
      const cachedOn = async (node: Node) => {
        await ask(node);
        const again = await fetch(`${node.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(query) });
        expect(again.headers.get('x-cache')).to.equal('hit');
      };
      await cachedOn(b);
      expect((await write(a, 'PUT', `/api/categories/${category}`, { data: { name: 'g1' } })).status).to.equal(200);
      expect(await ask(b)).to.equal('g1');
      await cachedOn(b);
      const mutation = await write(a, 'POST', '/graphql', { query: `mutation { updateCategory(id: ${category}, data: { name: "g2" }) { data { id } } }` });
      expect(mutation.body.errors, mutation.text).to.equal(undefined);
      expect(await ask(b)).to.equal('g2');
    });

    it('reads never see an answer older than a write that finished before they started (many rounds)', async () => {
      const category = (await write(a, 'POST', '/api/categories', { data: { name: 'v0' } })).body.data.id;
      const path = `/api/categories/${category}?fields[0]=name`;
      for (let round = 1; round <= 20; round++) {
        await b.get(path);
        const writer = round % 2 ? a : b;
        const reader = round % 2 ? b : a;
        expect((await write(writer, 'PUT', `/api/categories/${category}`, { data: { name: `v${round}` } })).status).to.equal(200);
        expect((await reader.get(path)).body.data.attributes.name, `round ${round}`).to.equal(`v${round}`);
      }
    });
  });
}
