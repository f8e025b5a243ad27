import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { buildSync } from 'esbuild';
import { capYoungGeneration } from './young-generation';

const MB = 1024 * 1024;

/** The ceiling runs in node processes of its own: it sets a V8 flag, which lasts for the process. */
describe("the young generation's ceiling", function () {
  this.timeout(60000);
  let dir: string;
  let module: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-young-generation-'));
    module = path.join(dir, 'young-generation.js');
    buildSync({ entryPoints: [path.join(__dirname, 'young-generation.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: module, logLevel: 'error' });
    // modules whose loading keeps what it allocates, as a start-up's modules do
    for (let i = 0; i < 400; i++) {
      fs.writeFileSync(path.join(dir, `part-${i}.js`), 'module.exports = Array.from({ length: 2000 }, (_, i) => ({ i, text: "kept " + i }));');
    }
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** the young generation's size, in MB, after loading the modules and then a load served over event-loop turns */
  function run(env: Record<string, string>): { afterLoading: number; afterServing: number } {
    const script = `
      const v8 = require('node:v8');
      const size = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / ${MB};
      require(${JSON.stringify(module)}).capYoungGeneration();
      const kept = [];
      for (let i = 0; i < 400; i++) kept.push(require(${JSON.stringify(dir)} + '/part-' + i + '.js'));
      const afterLoading = size();
      let round = 0;
      let live = [];
      const serve = () => {
        // requests whose objects outlive a collection or two, one event-loop turn each
        live.push(Array.from({ length: 2000 }, (_, i) => ({ i, text: 'answer ' + i })));
        if (live.length > 300) live = live.slice(-150);
        if (++round < 3000) setImmediate(serve);
        else console.log(JSON.stringify({ afterLoading, afterServing: size() }));
      };
      setImmediate(serve);
    `;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', ...env } });
    expect(result.stderr).to.equal('');
    return JSON.parse(result.stdout) as { afterLoading: number; afterServing: number };
  }

  it('keeps it at 16 MB while modules load and under load, where V8 alone grows it further', () => {
    const alone = run({ PLATFORM_YOUNG_GENERATION_MB: 'off' });
    expect(alone.afterLoading).to.be.above(16);
    expect(alone.afterServing).to.be.above(16);
    const capped = run({});
    expect(capped.afterLoading).to.equal(16);
    expect(capped.afterServing).to.equal(16);
  });

  it('takes another ceiling from PLATFORM_YOUNG_GENERATION_MB', () => {
    expect(run({ PLATFORM_YOUNG_GENERATION_MB: '8' })).to.deep.equal({ afterLoading: 8, afterServing: 8 });
  });

  it('names a setting that is no number of MB', () => {
    expect(() => capYoungGeneration({ PLATFORM_YOUNG_GENERATION_MB: 'lots' })).to.throw('PLATFORM_YOUNG_GENERATION_MB must be a number of MB or "off", not "lots"');
    expect(capYoungGeneration({ PLATFORM_YOUNG_GENERATION_MB: 'off' })).to.equal(null);
  });
});
