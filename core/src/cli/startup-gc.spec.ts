import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { buildSync } from 'esbuild';
import { collectAfterStartUp } from './startup-gc';

/** The collection runs in node processes of its own: it sets V8 flags, which last for the process. */
describe('the collection after start-up', function () {
  this.timeout(60000);
  let dir: string;
  let module: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-startup-gc-'));
    module = path.join(dir, 'startup-gc.js');
    buildSync({ entryPoints: [path.join(__dirname, 'startup-gc.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: module, logLevel: 'error' });
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function run(nodeArgs: string[] = []): unknown {
    // a WeakRef's target is kept until the task that made it ends: the collection runs in a later one
    const script = `
      const { collectOnce } = require(${JSON.stringify(module)});
      const before = typeof globalThis.gc;
      let ref = new WeakRef({ garbage: true });
      setTimeout(() => {
        collectOnce();
        console.log(JSON.stringify({ before, after: typeof globalThis.gc, collected: ref.deref() === undefined, exposed: require('node:vm').runInNewContext('typeof gc') }));
      }, 0);
    `;
    const result = spawnSync(process.execPath, [...nodeArgs, '-e', script], { env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    return JSON.parse(result.stdout);
  }

  it('collects the garbage, and leaves no gc function to the app or to contexts made later', () => {
    expect(run()).to.deep.equal({ before: 'undefined', after: 'undefined', collected: true, exposed: 'undefined' });
  });

  it("uses node's gc when node was started with --expose-gc", () => {
    expect(run(['--expose-gc'])).to.deep.equal({ before: 'function', after: 'function', collected: true, exposed: 'function' });
  });

  it('is off with PLATFORM_STARTUP_GC=off', () => {
    expect(collectAfterStartUp({ PLATFORM_STARTUP_GC: 'off' })).to.equal(false);
  });
});
