/**
 * `platform develop` in a child process, changed as editors and users change apps: a save by
 * rename (`sed -i`), a new folder, a deletion, an edit in a local plugin that lives outside the
 * app. Each is one restart, announced with what changed and how long the reload took, and the
 * new server answers with the change. The old server stops in well under 200 ms.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { AUTH_PLUGINS } from '../helpers/app';
import { runPlatform, type Child } from '../helpers/cli-process';

const ROOT = path.resolve(__dirname, '..', '..');
const KERNEL_APP = path.join(ROOT, 'test', 'fixtures', 'kernel-app');
const READY = /platform develop: serving .+ at (http:\/\/\S+) \(started in \d+ ms\)/;
const RELOADED = /platform develop: reloaded in (\d+) ms \(the old server stopped in (\d+) ms\)/;
const PLUGIN = `import { definePlugin } from '@platform/core';
export default definePlugin({ name: 'echo', routes: [{ method: 'GET', path: '/word', config: { auth: false }, handler: () => ({ word: 'first' }) }] });
`;

const noteSchema = (singular: string, plural: string, attributes: Record<string, unknown>) =>
  JSON.stringify({ kind: 'collectionType', collectionName: plural, info: { singularName: singular, pluralName: plural, displayName: singular }, options: {}, attributes }, null, 2);

describe('platform develop watches the app', function () {
  this.timeout(90000);
  let base: string;
  let appDir: string;
  let pluginDir: string;
  let child: Child;

  /** waits for the `n`th start and returns its URL */
  const served = async (n: number) => {
    const [, url] = await child.waitFor(READY, n, 30000);
    if (!url) throw new Error('the ready line names no url');
    return url;
  };
  const lines = (pattern: RegExp) =>
    child
      .output()
      .split('\n')
      .filter((line) => pattern.test(line));

  before(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-watch-'));
    appDir = path.join(base, 'site');
    fs.cpSync(KERNEL_APP, appDir, { recursive: true });
    // a local plugin outside the app folder
    pluginDir = path.join(base, 'echo-plugin');
    fs.mkdirSync(pluginDir);
    fs.writeFileSync(path.join(pluginDir, 'index.ts'), PLUGIN);
    // served to a public, unrestricted caller: the auth plugins are off
    const authOff = AUTH_PLUGINS.map((name) => `'${name}': { enabled: false }`).join(', ');
    fs.writeFileSync(path.join(appDir, 'config', 'plugins.ts'), `export default { i18n: { enabled: false }, ${authOff}, echo: { resolve: '../echo-plugin' } };\n`);
    child = runPlatform(['develop', '--app', appDir, '--port', '0', '--host', '127.0.0.1'], { DATABASE_FILENAME: path.join(base, 'data.db') });
    await served(1);
  });
  after(async () => {
    if (child.process.exitCode === null) {
      child.process.kill('SIGTERM');
      await child.exited;
    }
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('restarts once on a save by rename (sed -i), and the new server has the change', async () => {
    const schemaFile = path.join(appDir, 'api', 'note', 'content-types', 'note', 'schema.json');
    const inode = fs.statSync(schemaFile).ino;
    execFileSync('sed', ['-i', 's/"attributes": {/"attributes": {\\n    "mood": { "type": "string" },/', schemaFile]);
    expect(fs.statSync(schemaFile).ino).to.not.equal(inode); // a new file took the old one's name
    const url = await served(2);
    const created = await fetch(`${url}/api/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 't', mood: 'glad' } }) });
    expect(created.status).to.equal(200);
    expect(((await created.json()) as { data: { attributes: { mood: string } } }).data.attributes.mood).to.equal('glad');
    expect(lines(/restarting/)).to.deep.equal(['platform develop: api/note/content-types/note/schema.json changed; restarting']);
    // the same file saved again by rename is seen again (the watch followed the new inode)
    execFileSync('sed', ['-i', 's/"mood"/"temper"/', schemaFile]);
    await served(3);
    expect(lines(/restarting/)).to.have.length(2);
  });

  it('restarts once for a new folder with a content-type in it', async () => {
    const dir = path.join(appDir, 'api', 'memo', 'content-types', 'memo');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'schema.json'), noteSchema('memo', 'memos', { text: { type: 'string' } }));
    const url = await served(4);
    expect((await fetch(`${url}/api/memos`)).status).to.equal(200);
    expect(lines(/restarting/).at(-1)).to.equal('platform develop: api/memo/ added; restarting');
  });

  it('restarts once when a folder is deleted, and its routes are gone', async () => {
    fs.rmSync(path.join(appDir, 'api', 'memo'), { recursive: true });
    const url = await served(5);
    expect((await fetch(`${url}/api/memos`)).status).to.equal(404);
    expect(lines(/restarting/).at(-1)).to.equal('platform develop: api/memo/ deleted; restarting');
  });

  it('restarts when a local plugin outside the app changes', async () => {
    fs.writeFileSync(path.join(pluginDir, 'index.ts'), PLUGIN.replace("'first'", "'second'"));
    const url = await served(6);
    expect(await (await fetch(`${url}/api/echo/word`)).json()).to.deep.equal({ word: 'second' });
    expect(lines(/restarting/).at(-1)).to.equal('platform develop: ../echo-plugin/index.ts changed; restarting');
  });

  it('says how long each reload took; an idle connection does not hold the old server', async () => {
    // A connection that never sends a request (as a browser's preconnect) does not hold the
    // stop: held, it would take the grace period (10 s) or the kill (5 s). The bound leaves a
    // busy machine room (an idle one stops in tens of milliseconds) and still tells them apart.
    const url = await served(6);
    const idle = await import('node:net').then((net) => net.connect(Number(new URL(url).port), '127.0.0.1'));
    idle.on('error', () => {});
    await new Promise((resolve) => idle.once('connect', resolve));
    fs.appendFileSync(path.join(appDir, 'config', 'api.ts'), '\n');
    await served(7);
    await child.waitFor(RELOADED, 6);
    const reloads = lines(RELOADED).flatMap((line) => {
      const match = line.match(RELOADED);
      return match ? [match] : [];
    });
    expect(reloads).to.have.length(6);
    for (const [, , stoppedIn] of reloads) expect(Number(stoppedIn)).to.be.below(2000);
    idle.destroy();
    // exactly one start per change: no restart happened twice
    expect(lines(READY)).to.have.length(7);
  });

  it("restarts when the app's global policies (policies/) are added or changed", async () => {
    fs.mkdirSync(path.join(appDir, 'policies'));
    fs.writeFileSync(path.join(appDir, 'policies', 'is-open.ts'), 'export default () => true;\n');
    await served(8);
    expect(lines(/restarting/).at(-1)).to.equal('platform develop: policies/ added; restarting');
    fs.writeFileSync(path.join(appDir, 'policies', 'is-open.ts'), 'export default () => false;\n');
    await served(9);
    expect(lines(/restarting/).at(-1)).to.equal('platform develop: policies/is-open.ts changed; restarting');
  });
});

describe('platform develop and the secrets it writes', function () {
  this.timeout(60000);

  it('does not restart for the secrets its own server appends to .env while it starts, and does for an edit of .env', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-watch-env-'));
    const appDir = path.join(base, 'site');
    fs.cpSync(KERNEL_APP, appDir, { recursive: true });
    const child = runPlatform(['develop', '--app', appDir, '--port', '0', '--host', '127.0.0.1'], { DATABASE_FILENAME: path.join(base, 'data.db'), API_TOKEN_SALT: undefined, JWT_SECRET: undefined });
    try {
      await child.waitFor(READY, 1, 30000);
      const envFile = path.join(appDir, '.env');
      expect(fs.readFileSync(envFile, 'utf8')).to.match(/^JWT_SECRET=.+$/m);
      // past the watcher's quiet time and the boot window: still the first server
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(child.output()).to.not.include('restarting');
      fs.appendFileSync(envFile, 'MOTD=hello\n');
      await child.waitFor(READY, 2, 30000);
      expect(child.output()).to.include('platform develop: .env changed; restarting');
    } finally {
      child.process.kill('SIGTERM');
      await child.exited;
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
