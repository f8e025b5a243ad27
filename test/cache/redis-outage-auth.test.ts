/**
 * Two nodes with users-permissions and a Redis of the test's own that goes away and comes back.
 * A permission taken from a role on node A while Redis is down cannot reach node B as a
 * message; B must not keep answering from the role it cached before: while its Redis is away it
 * keeps no permission in memory, and once it listens again it drops what it kept (and A, which
 * owes the message, tells every node to drop theirs). B then answers by the new permissions on
 * every request, without waiting for anything.
 */
import { expect } from 'chai';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { databaseEnv, startNode, type Node } from './nodes';
import { startTestRedis, type TestRedis } from './redis-server';
import { eventually, letAuthenticatedManageRoles, without } from './role-admin';

const FIND = 'api::category.category.find';

for (const client of testClients().filter((name) => name !== 'sqlite')) {
  describe(`permissions on two nodes while Redis goes away [${client}]`, function () {
    this.timeout(120000);
    let database: TestDatabase;
    let redis: TestRedis;
    let a: Node;
    let b: Node;
    let publicRole: number;
    let auth: Record<string, string>;

    before(async () => {
      database = await createTestDatabase(client);
      redis = await startTestRedis();
      const env = { ...databaseEnv(database), REDIS_URL: redis.url };
      await (await startNode(env)).stop();
      publicRole = await letAuthenticatedManageRoles(database);
      [a, b] = await Promise.all([startNode(env), startNode(env)]);
      const registered = await a.send('POST', '/api/auth/local/register', { username: 'admin', email: 'admin@example.com', password: 'Secret123' });
      expect(registered.status, registered.text).to.equal(200);
      auth = { authorization: `Bearer ${registered.body.jwt}` };
    });

    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await redis?.remove();
      await database?.drop();
    });

    const setFind = async (enabled: boolean) => {
      const role = await a.send('GET', `/api/users-permissions/roles/${publicRole}`, undefined, auth);
      expect(role.status, role.text).to.equal(200);
      const updated = await a.send('PUT', `/api/users-permissions/roles/${publicRole}`, { permissions: without(role.body.role.permissions, FIND, enabled) }, auth);
      expect(updated.status, updated.text).to.equal(200);
    };
    const statusOn = async (node: Node) => (await node.get('/api/categories')).status;
    /** B's answer cache works again: its Redis is back (the auth cache's trust returns with it) */
    const redisBackOn = async (node: Node) => {
      await node.get('/api/tags');
      await eventually(async () => (await node.get('/api/tags')).headers.get('x-cache') === 'hit', 15000);
    };

    it('a permission taken on A while Redis is down is refused on B, during the outage and after it', async () => {
      // B has read (and kept) the public role
      for (let i = 0; i < 3; i++) expect(await statusOn(b)).to.equal(200);
      await redis.kill();
      await setFind(false);
      expect(await statusOn(a)).to.equal(403);
      for (let i = 0; i < 3; i++) expect(await statusOn(b), `request ${i + 1} during the outage`).to.equal(403);
      await redis.start();
      await redisBackOn(b);
      for (let i = 0; i < 5; i++) expect(await statusOn(b), `request ${i + 1} after the outage`).to.equal(403);
      // and the broadcast carries the next change again
      await setFind(true);
      await eventually(async () => (await statusOn(b)) === 200);
      for (let i = 0; i < 3; i++) expect(await statusOn(b)).to.equal(200);
    });

    it('a permission given on A while Redis is down is granted on B once it is back', async () => {
      await setFind(false);
      await eventually(async () => (await statusOn(b)) === 403);
      await redis.kill();
      await setFind(true);
      expect(await statusOn(a)).to.equal(200);
      await redis.start();
      await redisBackOn(b);
      for (let i = 0; i < 5; i++) expect(await statusOn(b), `request ${i + 1} after the outage`).to.equal(200);
    });
  });
}
