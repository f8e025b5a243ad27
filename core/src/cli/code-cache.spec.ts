import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { buildSync } from 'esbuild';

/**
 * Each case runs node processes of its own, as `platform start` does: the cache is installed
 * for a folder, a module of it is required, and the process exits (which writes the cache).
 */
describe('code cache (Node 20)', function () {
  this.timeout(60000);
  let dir: string;
  let loader: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-code-cache-'));
    loader = path.join(dir, 'code-cache.js');
    // the module as the compiled package has it (with what it imports), without a TypeScript loader in the child
    buildSync({ entryPoints: [path.join(__dirname, 'code-cache.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: loader, logLevel: 'error' });
    fs.mkdirSync(path.join(dir, 'app', 'lib'), { recursive: true });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Requires `app/main.js` with the cache on; prints what it exports and whether its cached code was taken. */
  function run(env: Record<string, string> = {}): { out: string; err: string; status: number | null } {
    const script = `
      const vm = require('node:vm');
      let cached = 0;
      const Script = vm.Script;
      vm.Script = function (code, options) { const s = new Script(code, options); if (options && options.cachedData && !s.cachedDataRejected) cached++; return s; };
      const installed = require(${JSON.stringify(loader)}).installCodeCache(${JSON.stringify(path.join(dir, 'app'))});
      let out;
      try { out = require(${JSON.stringify(path.join(dir, 'app', 'main.js'))}); } catch (error) { out = error.stack.split('\\n').slice(0, 2).join(' | '); }
      console.log(JSON.stringify({ installed, cached, out }));
    `;
    const result = spawnSync(process.execPath, ['-e', script], { env: { ...process.env, NODE_OPTIONS: '', TMPDIR: dir, ...env }, encoding: 'utf8' });
    return { out: result.stdout.trim(), err: result.stderr, status: result.status };
  }

  it('runs a module as Node does, and from its cached code in the next process', () => {
    fs.writeFileSync(path.join(dir, 'app', 'lib', 'value.js'), 'module.exports = { file: __filename, dir: __dirname };\n');
    fs.writeFileSync(
      path.join(dir, 'app', 'main.js'),
      "#!/usr/bin/env node\nconst value = require('./lib/value');\nmodule.exports = { value, resolved: require.resolve('./lib/value'), main: typeof require.cache, self: module.exports === exports };\n",
    );
    const expected = { value: { file: path.join(dir, 'app', 'lib', 'value.js'), dir: path.join(dir, 'app', 'lib') }, resolved: path.join(dir, 'app', 'lib', 'value.js'), main: 'object', self: true };
    const first = run();
    expect(first.status, first.err).to.equal(0);
    expect(JSON.parse(first.out)).to.deep.equal({ installed: true, cached: 0, out: expected });
    const second = run();
    expect(JSON.parse(second.out)).to.deep.equal({ installed: true, cached: 2, out: expected });
  });

  it('does not run the cached code of a file that changed, even to a source of the same length and modification time', () => {
    const main = path.join(dir, 'app', 'main.js');
    fs.writeFileSync(main, 'module.exports = 1;\n');
    // as npm installs a package's files: all with one fixed modification time
    const packed = new Date('1985-10-26T08:15:00Z');
    fs.utimesSync(main, packed, packed);
    expect(JSON.parse(run().out)).to.deep.equal({ installed: true, cached: 0, out: 1 });
    expect(JSON.parse(run().out)).to.deep.equal({ installed: true, cached: 1, out: 1 });
    fs.writeFileSync(main, 'module.exports = 2;\n');
    fs.utimesSync(main, packed, packed);
    expect(JSON.parse(run().out)).to.deep.equal({ installed: true, cached: 0, out: 2 });
    expect(JSON.parse(run().out)).to.deep.equal({ installed: true, cached: 1, out: 2 });
  });

  it('reads and writes nothing in a cache folder another user may write in', function () {
    if (!process.getuid) this.skip();
    fs.writeFileSync(path.join(dir, 'app', 'main.js'), 'module.exports = 1;\n');
    run();
    const cacheDir = path.join(dir, fs.readdirSync(dir).find((name) => name.startsWith('platform-ts-')) ?? 'none');
    const cacheFile = path.join(cacheDir, fs.readdirSync(cacheDir)[0] ?? 'none');
    const written = fs.statSync(cacheFile).mtimeMs;
    fs.chmodSync(cacheDir, 0o777);
    expect(JSON.parse(run().out)).to.deep.equal({ installed: true, cached: 0, out: 1 });
    expect(fs.statSync(cacheFile).mtimeMs).to.equal(written);
    fs.chmodSync(cacheDir, 0o700);
    expect(JSON.parse(run().out)).to.deep.equal({ installed: true, cached: 1, out: 1 });
  });

  it('leaves the ES modules of a package of type module to Node, even one that parses as a script', () => {
    fs.mkdirSync(path.join(dir, 'app', 'esm'));
    fs.writeFileSync(path.join(dir, 'app', 'esm', 'package.json'), '{"type":"module"}\n');
    // an ES module's `this` is undefined; a CommonJS module's is its exports
    fs.writeFileSync(path.join(dir, 'app', 'esm', 'side.js'), 'globalThis.esmThis = typeof this;\n');
    fs.writeFileSync(path.join(dir, 'app', 'main.js'), "require('./esm/side.js');\nmodule.exports = globalThis.esmThis;\n");
    for (const cached of [0, 1]) expect(JSON.parse(run().out)).to.deep.equal({ installed: true, cached, out: 'undefined' });
  });

  it('names the module file and line in a stack, cached or not', () => {
    fs.writeFileSync(path.join(dir, 'app', 'main.js'), "'use strict';\n\nthrow new Error('boom');\n");
    const at = `${path.join(dir, 'app', 'main.js')}:3:7`;
    expect(JSON.parse(run().out).out).to.contain(at);
    expect(JSON.parse(run().out)).to.include({ cached: 1 });
    expect(JSON.parse(run().out).out).to.contain(at);
  });

  it('is off with PLATFORM_CODE_CACHE=off', () => {
    fs.writeFileSync(path.join(dir, 'app', 'main.js'), 'module.exports = 1;\n');
    expect(JSON.parse(run({ PLATFORM_CODE_CACHE: 'off' }).out)).to.deep.equal({ installed: false, cached: 0, out: 1 });
    expect(fs.readdirSync(dir).some((name) => name.startsWith('platform-ts-'))).to.equal(false);
  });
});
