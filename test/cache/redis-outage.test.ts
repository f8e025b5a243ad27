/**
 * Two nodes on one database and a Redis of the test's own that goes away and comes back. A write
 * made while Redis is down answers as usual (it committed); every read meanwhile is served
 * uncached, fresh, on both nodes; once Redis is back the cache serves again, and no answer
 * stored before the outage comes back (the node that owed invalidations starts a new epoch).
 * Redis losing its data (its counters start again at 0) does not bring old answers back either,
 * and a node's start retires what was stored before it (a change made while it was down, by a
 * migration or by hand).
 */
import { expect } from 'chai';
import knexFactory from 'knex';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { databaseEnv, startNode, type Node } from './nodes';
import { startTestRedis, type TestRedis } from './redis-server';

for (const client of testClients().filter((name) => name !== 'sqlite')) {
  describe(`Redis going away under two nodes [${client}]`, function () {
    this.timeout(120000);
    let database: TestDatabase;
    let redis: TestRedis;
    let a: Node;
    let b: Node;
    let jwt: string;
    const write = (node: Node, method: string, path: string, body?: unknown) => node.send(method, path, body, { authorization: `Bearer ${jwt}` });
    const nameAt = async (node: Node, path: string) => {
      const res = await node.get(path);
      expect(res.status, res.text).to.equal(200);
      return { name: res.body.data.attributes.name as string, cache: res.headers.get('x-cache') };
    };

    before(async () => {
      database = await createTestDatabase(client);
      redis = await startTestRedis();
      const env = { ...databaseEnv(database), REDIS_URL: redis.url };
      a = await startNode({ ...env, CACHE_STORE: 'memory' });
      b = await startNode({ ...env, CACHE_STORE: 'redis' });
      const registered = await a.send('POST', '/api/auth/local/register', { username: 'editor', email: 'editor@example.com', password: 'Secret123' });
      expect(registered.status, registered.text).to.equal(200);
      jwt = registered.body.jwt;
    });

    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await redis?.remove();
      await database?.drop();
    });

    it('writes answer as usual while Redis is down, reads are uncached and fresh, and the cache serves again once it is back', async () => {
      const created = await write(a, 'POST', '/api/categories', { data: { name: 'v0' } });
      expect(created.status, created.text).to.equal(200);
      const path = `/api/categories/${created.body.data.id}?fields[0]=name`;
      for (const node of [a, b]) {
        await nameAt(node, path);
        expect(await nameAt(node, path)).to.deep.equal({ name: 'v0', cache: 'hit' });
      }

      await redis.kill();
      const updated = await write(a, 'PUT', `/api/categories/${created.body.data.id}`, { data: { name: 'v1' } });
      expect(updated.status, updated.text).to.equal(200);
      expect(updated.body.data).to.include({ id: created.body.data.id });
      expect(updated.body.data.attributes.name).to.equal('v1');
      for (const node of [a, b, a, b]) expect(await nameAt(node, path)).to.deep.equal({ name: 'v1', cache: 'miss' });
      // a list never read before, and a write on the other node, while Redis is still down
      const list = await b.get('/api/categories?fields[0]=name');
      expect(list.status, list.text).to.equal(200);
      expect(list.body.data.map((entry: { attributes: { name: string } }) => entry.attributes.name)).to.deep.equal(['v1']);
      expect((await write(b, 'PUT', `/api/categories/${created.body.data.id}`, { data: { name: 'v2' } })).status).to.equal(200);
      for (const node of [a, b]) expect(await nameAt(node, path)).to.deep.equal({ name: 'v2', cache: 'miss' });

      // Redis comes back with the generations it had before the outage: the answers stored
      // then (v0) must not match them any more
      await redis.start();
      for (const node of [a, b]) {
        const until = Date.now() + 15000;
        let seen = await nameAt(node, path);
        while (seen.cache !== 'hit' && Date.now() < until) {
          expect(seen.name).to.equal('v2');
          await new Promise((resolve) => setTimeout(resolve, 50));
          seen = await nameAt(node, path);
        }
        expect(seen).to.deep.equal({ name: 'v2', cache: 'hit' });
      }
      expect((await write(a, 'PUT', `/api/categories/${created.body.data.id}`, { data: { name: 'v3' } })).status).to.equal(200);
      for (const node of [b, a]) expect((await nameAt(node, path)).name).to.equal('v3');
    });

    it('a Redis that lost its data (counters back at 0) does not bring an older answer back', async () => {
      const created = await write(a, 'POST', '/api/categories', { data: { name: 'w0' } });
      const path = `/api/categories/${created.body.data.id}?fields[0]=name`;
      redis.command('FLUSHALL');
      await nameAt(a, path);
      expect(await nameAt(a, path)).to.deep.equal({ name: 'w0', cache: 'hit' });
      // one write brings the counters to where they were when A stored its answer after a flush
      expect((await write(b, 'PUT', `/api/categories/${created.body.data.id}`, { data: { name: 'w1' } })).status).to.equal(200);
      redis.command('FLUSHALL');
      expect((await nameAt(a, path)).name).to.equal('w1');
    });

    it('a change made in the database while a node was down is seen once it is back, on every node', async () => {
      const created = await write(a, 'POST', '/api/categories', { data: { name: 'x0' } });
      const path = `/api/categories/${created.body.data.id}?fields[0]=name`;
      for (const node of [a, b]) {
        await nameAt(node, path);
        expect(await nameAt(node, path)).to.deep.equal({ name: 'x0', cache: 'hit' });
      }
      await b.stop();
      // as a migration, or someone with a SQL client, would change it
      const connection = database.config.connection.connection;
      const knex = knexFactory({ client: client === 'mysql' ? 'mysql2' : 'pg', connection });
      try {
        await knex('categories').where({ id: created.body.data.id }).update({ name: 'x1' });
      } finally {
        await knex.destroy();
      }
      b = await startNode({ ...databaseEnv(database), REDIS_URL: redis.url, CACHE_STORE: 'redis' });
      // B's answers are in Redis, A's in its memory: neither is served after B's start
      for (const node of [b, a]) expect((await nameAt(node, path)).name).to.equal('x1');
    });
  });
}
