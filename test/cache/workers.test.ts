/**
 * `platform start --workers 2` without Redis: each worker keeps its own answers and
 * generations; a write's invalidation reaches the other worker through the primary, and the
 * write answers only once every worker applied it. So the next read, on whichever worker, is
 * fresh: no delay to wait out, round after round.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { requestOnce } from '../helpers/workers-app';
import { startNode, type Node } from './nodes';

describe('response cache with --workers and no Redis', function () {
  this.timeout(120000);
  let dir: string;
  let node: Node;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-cache-workers-'));
    node = await startNode({ REDIS_URL: '', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'data.db') }, 60000, ['--workers', '2']);
    const deadline = Date.now() + 60000;
    while ((node.output().match(/platform start: serving/g) ?? []).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  after(async () => {
    await node?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a write answered on one worker is seen by the very next read on every worker (40 rounds)', async () => {
    const registered = await requestOnce(`${node.url}/api/auth/local/register`, 'POST', { body: { username: 'worker', email: 'w@example.com', password: 'Secret123' } });
    expect(registered.status).to.equal(200);
    const headers = { authorization: `Bearer ${registered.body.jwt}` };
    const id = (await requestOnce(`${node.url}/api/categories`, 'POST', { headers, body: { data: { name: 'v0' } } })).body.data.id;
    const url = `${node.url}/api/categories/${id}?fields[0]=name`;
    // each request on its own connection: the cluster hands them to the workers in turn
    const names = async (count: number) => {
      const out: string[] = [];
      for (let i = 0; i < count; i++) out.push((await requestOnce(url, 'GET')).body.data.attributes.name);
      return out;
    };
    for (let round = 1; round <= 40; round++) {
      // both workers hold the answer before the write
      expect(await names(4), `round ${round}, before`).to.deep.equal(Array(4).fill(`v${round - 1}`));
      const written = await requestOnce(`${node.url}/api/categories/${id}`, 'PUT', { headers, body: { data: { name: `v${round}` } } });
      expect(written.status).to.equal(200);
      expect(await names(4), `round ${round}, after`).to.deep.equal(Array(4).fill(`v${round}`));
    }
  });
});
