/**
 * Two nodes with Redis and users-permissions, on MariaDB and PostgreSQL: a role's permission
 * changed through node A takes effect on node B (its role cache is cleared through the Redis
 * broadcast, and cached answers are behind the permission check), and the login rate limit
 * counts the attempts made on both nodes in one window (the kernel's counters in Redis).
 */
import { expect } from 'chai';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { databaseEnv, runCommand, startNode, type Node } from './nodes';
import { eventually, letAuthenticatedManageRoles, without } from './role-admin';

for (const client of testClients().filter((name) => name !== 'sqlite')) {
  describe(`two nodes with Redis: permissions and rate limits [${client}]`, function () {
    this.timeout(120000);
    let database: TestDatabase;
    let a: Node;
    let b: Node;
    let jwt: string;
    let publicRole: number;

    before(async () => {
      database = await createTestDatabase(client);
      // a first start makes the schema and the roles; the test's user may then manage roles
      await (await startNode(databaseEnv(database))).stop();
      publicRole = await letAuthenticatedManageRoles(database);
      [a, b] = await Promise.all([startNode(databaseEnv(database)), startNode(databaseEnv(database))]);
      const registered = await a.send('POST', '/api/auth/local/register', { username: 'admin', email: 'admin@example.com', password: 'Secret123' });
      expect(registered.status, registered.text).to.equal(200);
      jwt = registered.body.jwt;
    });

    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it('a permission taken from the public role on A is refused on B, even for an answer B has cached', async () => {
      const list = '/api/categories';
      expect((await b.get(list)).status).to.equal(200);
      expect((await b.get(list)).headers.get('x-cache')).to.equal('hit');
      const auth = { authorization: `Bearer ${jwt}` };
      const role = await a.send('GET', `/api/users-permissions/roles/${publicRole}`, undefined, auth);
      expect(role.status, role.text).to.equal(200);
      const permissions = without(role.body.role.permissions, 'api::category.category.find');
      const updated = await a.send('PUT', `/api/users-permissions/roles/${publicRole}`, { permissions }, auth);
      expect(updated.status, updated.text).to.equal(200);
      await eventually(async () => (await b.get(list)).status === 403);
      expect((await b.get(list)).body.error).to.deep.equal({ status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
      // the role's other permissions still hold on B
      expect((await b.get('/api/tags')).status).to.equal(200);
    });

    it('a token revoked by the command beside the nodes is refused by both at once (the change goes through Redis)', async () => {
      const created = JSON.parse(await runCommand(['api-token', 'create', '--name', 'reader', '--type', 'read-only', '--json'], databaseEnv(database))) as { id: number; accessKey: string };
      const bearer = { authorization: `Bearer ${created.accessKey}` };
      // the nodes learn of the new token through the broadcast too (their refresh interval is 5 s)
      await eventually(async () => (await a.get('/api/tags', bearer)).status === 200 && (await b.get('/api/tags', bearer)).status === 200);
      await runCommand(['api-token', 'revoke', String(created.id)], databaseEnv(database));
      await eventually(async () => (await a.get('/api/tags', bearer)).status === 401 && (await b.get('/api/tags', bearer)).status === 401);
    });

    it('the login rate limit counts the attempts made on both nodes', async () => {
      const attempt = (node: Node) => node.send('POST', '/api/auth/local', { identifier: 'nobody@example.com', password: 'Wrong-passw0rd' });
      // 10 attempts per minute (the plugin's default), made alternately on A and B
      for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? b : a)).status, `attempt ${i + 1}`).to.equal(400);
      const limited = await attempt(a);
      expect(limited.status).to.equal(429);
      expect(limited.body.error.name).to.equal('RateLimitError');
      expect((await attempt(b)).status).to.equal(429);
    });
  });
}
