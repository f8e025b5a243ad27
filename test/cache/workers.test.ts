/**
 * `platform start --workers 2` without Redis: each worker keeps its own answers and
 * generations, and a write in one worker reaches the other through the primary's relay, so
 * no worker keeps serving an answer a write changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startNode, type Node } from './nodes';

describe('response cache with --workers and no Redis', function () {
  this.timeout(120000);
  let dir: string;
  let node: Node;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-cache-workers-'));
    node = await startNode({ REDIS_URL: '', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'data.db') }, 60000, ['--workers', '2']);
  });

  after(async () => {
    await node?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('after a write, every worker answers the new value within the relay\'s delay', async () => {
    const registered = await node.send('POST', '/api/auth/local/register', { username: 'worker', email: 'w@example.com', password: 'Secret123' });
    expect(registered.status, registered.text).to.equal(200);
    const auth = { authorization: `Bearer ${registered.body.jwt}` };
    const id = (await node.send('POST', '/api/categories', { data: { name: 'v0' } }, auth)).body.data.id;
    const path = `/api/categories/${id}`;
    for (let round = 1; round <= 5; round++) {
      // several reads, so that both workers have the answer cached
      for (let i = 0; i < 6; i++) await node.get(path);
      expect((await node.send('PUT', path, { data: { name: `v${round}` } }, auth)).status).to.equal(200);
      const until = Date.now() + 2000;
      let names: string[] = [];
      do {
        names = [];
        for (let i = 0; i < 6; i++) names.push((await node.get(path)).body.data.attributes.name);
      } while (names.some((name) => name !== `v${round}`) && Date.now() < until);
      expect(names, `round ${round}`).to.deep.equal(Array(6).fill(`v${round}`));
    }
  });
});
