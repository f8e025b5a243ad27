import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { buildSync } from 'esbuild';

/**
 * Each case runs node processes of their own, as `platform start` does: the cache is installed
 * for an installation folder, modules of it are required, and the process exits (which writes
 * the file the next process reads).
 */
describe('resolution cache', function () {
  this.timeout(60000);
  let dir: string;
  let root: string;
  let loader: string;

  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-resolution-cache-'));
    root = path.join(dir, 'app');
    loader = path.join(dir, 'resolution-cache.js');
    // the module as the compiled package has it (with what it imports), without a TypeScript loader in the child
    buildSync({ entryPoints: [path.join(__dirname, 'resolution-cache.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: loader, logLevel: 'error' });
    write('node_modules/.package-lock.json', '{"lockfileVersion":3}\n');
    write('node_modules/pkg/package.json', '{"name":"pkg","main":"a.js"}\n');
    write('node_modules/pkg/a.js', "module.exports = 'a';\n");
    write('node_modules/pkg/b.js', "module.exports = 'b';\n");
    write('lib/value.js', "module.exports = 'value.js';\n");
    write('lib/dir/index.js', "module.exports = 'dir/index.js';\n");
    write(
      'main.js',
      [
        'module.exports = {',
        "  value: require('./lib/value'),",
        "  dir: require('./lib/dir'),",
        "  pkg: require('pkg'),",
        "  manifest: require.resolve('pkg/package.json', { paths: [__dirname] }),",
        '};',
      ].join('\n'),
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * Requires `main.js` with the cache on. Prints what it exports and the requests Node's own
   * resolver was asked (the cache sits above it, as in `platform start`).
   */
  function run(env: Record<string, string> = {}): { out: { installed: boolean; asked: string[]; exported: unknown }; err: string } {
    const script = `
      const Module = require('node:module');
      const asked = [];
      const resolve = Module._resolveFilename;
      Module._resolveFilename = function (request, ...rest) { asked.push(request); return resolve.call(this, request, ...rest); };
      const installed = require(${JSON.stringify(loader)}).keepResolutions(${JSON.stringify(root)}) !== null;
      const skip = asked.length;
      let exported;
      try { exported = require(${JSON.stringify(path.join(root, 'main.js'))}); } catch (error) { exported = error.message.split('\\n')[0]; }
      console.log(JSON.stringify({ installed, asked: asked.slice(skip), exported }));
    `;
    const result = spawnSync(process.execPath, ['-e', script], { env: { ...process.env, NODE_OPTIONS: '', TMPDIR: dir, ...env }, encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    return { out: JSON.parse(result.stdout.trim()), err: result.stderr };
  }

  const firstAnswers = () => ({ value: 'value.js', dir: 'dir/index.js', pkg: 'a', manifest: path.join(root, 'node_modules', 'pkg', 'package.json') });
  /** what Node is asked on every start: the main file (`-e` has no file under the folder) and a folder's index */
  const alwaysAsked = () => [path.join(root, 'main.js'), './lib/dir'];

  it('gives the next process the answers Node gave, except a folder found by its index', () => {
    const first = run();
    expect(first.out).to.deep.equal({ installed: true, asked: [path.join(root, 'main.js'), './lib/value', './lib/dir', 'pkg', 'pkg/package.json'], exported: firstAnswers() });
    const second = run();
    expect(second.out).to.deep.equal({ installed: true, asked: alwaysAsked(), exported: firstAnswers() });
    const kept = fs.readdirSync(path.join(dir, `platform-ts-${process.getuid?.() ?? -1}`)).filter((name) => name.startsWith('resolve-'));
    expect(kept).to.have.length(1);
  });

  it('asks Node again when the file found is gone, the package manifest changed, or a file now comes before a folder', () => {
    run();
    fs.rmSync(path.join(root, 'lib', 'value.js'));
    write('lib/value.json', '"value.json"\n');
    write('lib/dir.js', "module.exports = 'dir.js';\n");
    // a manifest of the same size, to show its modification time alone counts
    write('node_modules/pkg/package.json', '{"name":"pkg","main":"b.js"}\n');
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'node_modules', 'pkg', 'package.json'), future, future);
    const changed = { value: 'value.json', dir: 'dir.js', pkg: 'b', manifest: firstAnswers().manifest };
    const second = run();
    expect(second.out).to.deep.equal({ installed: true, asked: [path.join(root, 'main.js'), './lib/value', './lib/dir', 'pkg', 'pkg/package.json'], exported: changed });
    // the new answers are kept in their turn, `./lib/dir` too now that a file answers it
    expect(run().out).to.deep.equal({ installed: true, asked: [path.join(root, 'main.js')], exported: changed });
  });

  it('asks Node for what a damaged file holds', () => {
    run();
    const privateDir = path.join(dir, `platform-ts-${process.getuid?.() ?? -1}`);
    const [name] = fs.readdirSync(privateDir).filter((file) => file.startsWith('resolve-'));
    const file = path.join(privateDir, String(name));
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { answers: Record<string, unknown> };
    const damaged = [42, null, 'text', [7], {}];
    Object.keys(kept.answers).forEach((key, i) => {
      kept.answers[key] = damaged[i % damaged.length];
    });
    fs.writeFileSync(file, JSON.stringify(kept));
    expect(run().out).to.deep.equal({ installed: true, asked: [path.join(root, 'main.js'), './lib/value', './lib/dir', 'pkg', 'pkg/package.json'], exported: firstAnswers() });
    fs.writeFileSync(file, '{"fingerprint":');
    expect(run().out.exported).to.deep.equal(firstAnswers());
  });

  it('neither takes nor keeps answers in a temporary folder another user may write in', () => {
    run();
    const privateDir = path.join(dir, `platform-ts-${process.getuid?.() ?? -1}`);
    fs.chmodSync(privateDir, 0o777);
    const [name] = fs.readdirSync(privateDir).filter((file) => file.startsWith('resolve-'));
    const before = fs.readFileSync(path.join(privateDir, String(name)), 'utf8');
    const asked = [path.join(root, 'main.js'), './lib/value', './lib/dir', 'pkg', 'pkg/package.json'];
    expect(run().out).to.deep.equal({ installed: true, asked, exported: firstAnswers() });
    expect(run().out.asked).to.deep.equal(asked);
    expect(fs.readFileSync(path.join(privateDir, String(name)), 'utf8')).to.equal(before);
  });

  it('drops every answer once npm changed the installation', () => {
    run();
    write('node_modules/.package-lock.json', '{"lockfileVersion":3,"packages":{}}\n');
    expect(run().out.asked).to.deep.equal([path.join(root, 'main.js'), './lib/value', './lib/dir', 'pkg', 'pkg/package.json']);
  });

  it('keeps nothing for requests from files outside the installation', () => {
    const outside = path.join(dir, 'elsewhere.js');
    fs.writeFileSync(outside, "module.exports = require('./app/lib/value');\n");
    write('main.js', `module.exports = require(${JSON.stringify(outside)});\n`);
    run();
    const second = run();
    expect(second.out.exported).to.equal('value.js');
    expect(second.out.asked).to.deep.equal([path.join(root, 'main.js'), outside, './app/lib/value']);
  });

  it('is off with PLATFORM_RESOLUTION_CACHE=off', () => {
    run({ PLATFORM_RESOLUTION_CACHE: 'off' });
    const second = run({ PLATFORM_RESOLUTION_CACHE: 'off' });
    expect(second.out).to.deep.equal({ installed: false, asked: [path.join(root, 'main.js'), './lib/value', './lib/dir', 'pkg', 'pkg/package.json'], exported: firstAnswers() });
    expect(fs.existsSync(path.join(dir, `platform-ts-${process.getuid?.() ?? -1}`))).to.equal(false);
  });
});
