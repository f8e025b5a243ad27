import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

/** Whether app code was loaded is kept for the process: each case runs in a node process of its own. */
describe('loading user modules: whether app code was loaded', function () {
  this.timeout(60000);
  let dir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-load-module-'));
    fs.writeFileSync(path.join(dir, 'schema.json'), '{ "kind": "collectionType" }');
    fs.writeFileSync(path.join(dir, 'server.js'), 'module.exports = ({ env }) => ({ port: env("PORT") });');
    fs.writeFileSync(path.join(dir, 'lifecycles.js'), 'module.exports = { afterCreate() {} };');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** loads each `[file, options]` in turn, and answers appCodeLoaded() before and after each */
  function run(loads: Array<[string, Record<string, unknown>?]>): boolean[] {
    const script = `
      const { loadUserModule, appCodeLoaded } = require(${JSON.stringify(path.join(__dirname, 'load-module.ts'))});
      const seen = [appCodeLoaded()];
      for (const [file, options] of ${JSON.stringify(loads.map(([file, options = {}]) => [path.join(dir, file), options]))}) {
        loadUserModule(file, options);
        seen.push(appCodeLoaded());
      }
      console.log(JSON.stringify(seen));
    `;
    const result = spawnSync(process.execPath, ['--conditions=platform-source', '-r', 'tsx/cjs', '-e', script], { env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    return JSON.parse(result.stdout) as boolean[];
  }

  it('is not set by JSON or by files loaded as what is read once at start', () => {
    expect(run([['schema.json'], ['server.js', { appCode: false }], ['lifecycles.js', { appCode: false, fresh: false }]])).to.deep.equal([false, false, false, false]);
  });

  it('is set by the first module loaded as app code (the default), and stays set', () => {
    expect(run([['schema.json'], ['lifecycles.js'], ['server.js', { appCode: false }]])).to.deep.equal([false, false, true, true]);
  });
});
