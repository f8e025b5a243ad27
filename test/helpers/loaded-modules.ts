/**
 * The modules a `platform start` of the example app loaded (test/fixtures/module-probe.js
 * reports them when the process exits), after `requests` ran against it: what start-up
 * leaves to first use.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { EXAMPLE_APP } from './app';
import { runPlatform } from './cli-process';

const MODULE_PROBE = path.resolve(__dirname, '..', 'fixtures', 'module-probe.js');

export async function modulesLoadedBy(requests: (url: string) => Promise<void>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-loaded-modules-'));
  try {
    const probeFile = path.join(dir, 'modules.json');
    const server = runPlatform(['start', '--app', EXAMPLE_APP], {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${MODULE_PROBE}`,
      MODULE_PROBE_FILE: probeFile,
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(dir, 'data.db'),
      PORT: '0',
      HOST: '127.0.0.1',
      TMPDIR: dir,
    });
    try {
      const [, url = ''] = await server.waitFor(/serving .+ at (http:\/\/\S+)/, 1, 60_000);
      await requests(url);
    } finally {
      server.process.kill('SIGTERM');
    }
    expect(await server.exited, server.output()).to.equal(0);
    return (JSON.parse(fs.readFileSync(probeFile, 'utf8')) as { modules: string[] }).modules;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
