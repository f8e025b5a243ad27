/**
 * Memory while uploading, measured on a real `platform start` process (its peak resident set,
 * VmHWM, from /proc), on every database: a 190 MB file (just under the default size limit)
 * streams to disk, so the peak grows by far less than the file, and a 20 MB JPEG is checked, optimized and resized from its file on disk
 * with a bounded peak.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { createTestDatabase, databaseEnv, testClients, type TestDatabase } from '../helpers/databases';
import { uploadApp } from './helpers';
import { EXAMPLE_APP, pluginsFileWithoutAuth } from '../helpers/app';
import type { Json } from '../helpers/json';

const BIN = path.resolve(__dirname, '..', '..', 'core', 'bin', 'platform.js');
const READY = /platform start: serving .+ at (http:\/\/\S+) \(started in \d+ ms\)/;
const MB = 1024 * 1024;

/** The peak resident set of a process, in bytes. */
function peakRss(pid: number | undefined): number {
  if (pid === undefined) throw new Error('the server process did not start');
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

async function uploadFile(url: string, file: string, name: string, type: string): Promise<{ status: number; body: Json }> {
  const body = new FormData();
  body.append('files', await fs.openAsBlob(file, { type }), name);
  const res = await fetch(`${url}/api/upload`, { method: 'POST', body });
  return { status: res.status, body: await res.json() };
}

for (const client of testClients()) {
  describe(`upload: memory of a platform process [${client}]`, function () {
    this.timeout(120000);
    let work = '';
    let app: ReturnType<typeof uploadApp>;
    let database: TestDatabase;
    let child: ChildProcessByStdio<null, Readable, Readable>;
    let url = '';
    let output = '';

    before(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-upload-memory-'));
      // the example app's config with its auth plugins off: this test measures memory, anyone may upload
      app = uploadApp({ 'config/plugins.ts': pluginsFileWithoutAuth(EXAMPLE_APP) });
      database = await createTestDatabase(client);
      child = spawn(process.execPath, [BIN, 'start', '--app', app.dir], {
        env: { ...process.env, ...databaseEnv(database), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: '', LOG_FORMAT: 'text' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 60000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const ready = output.match(READY)?.[1];
          if (ready) {
            clearTimeout(timer);
            resolve(ready);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
      });
      // warm up: the first upload loads the multipart reader and sharp
      fs.writeFileSync(
        path.join(work, 'warm.png'),
        await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c33' } })
          .png()
          .toBuffer(),
      );
      expect((await uploadFile(url, path.join(work, 'warm.png'), 'warm.png', 'image/png')).status).to.equal(200);
    });
    after(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await database?.drop();
      app?.remove();
      if (work) fs.rmSync(work, { recursive: true, force: true });
    });

    // What the peak grows by is the garbage collector's young generation holding the chunks read
    // (about 35 MB on Node 20, 65 MB on Node 24, whatever the file's size), not the file: a body
    // read into memory would grow it by the file's 190 MB.
    it('a 190 MB file streams to disk: the peak resident set grows by less than half of it', async () => {
      const file = path.join(work, 'big.bin');
      const handle = fs.openSync(file, 'w');
      const chunk = crypto.randomBytes(MB);
      for (let i = 0; i < 190; i++) fs.writeSync(handle, chunk);
      fs.closeSync(handle);
      const before = peakRss(child.pid);
      const res = await uploadFile(url, file, 'big.bin', 'application/octet-stream');
      expect(res.status).to.equal(200);
      expect(res.body[0].size).to.equal(199229.44);
      expect(fs.statSync(path.join(app.uploads, `${res.body[0].hash}.bin`)).size).to.equal(190 * MB);
      const growth = peakRss(child.pid) - before;
      expect(growth, `peak grew by ${Math.round(growth / MB)} MB`).to.be.below(95 * MB);
    });

    it('a 20 MB JPEG gets its formats with a bounded peak resident set (growth below 150 MB)', async () => {
      const width = 3000;
      const height = 2400;
      const file = path.join(work, 'photo.jpg');
      await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
        .toFile(file);
      expect(fs.statSync(file).size).to.be.above(19 * MB);
      const before = peakRss(child.pid);
      const res = await uploadFile(url, file, 'photo.jpg', 'image/jpeg');
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body[0].formats)).to.deep.equal(['thumbnail', 'small', 'medium', 'large']);
      const growth = peakRss(child.pid) - before;
      expect(growth, `peak grew by ${Math.round(growth / MB)} MB`).to.be.below(150 * MB);
    });
  });
}
