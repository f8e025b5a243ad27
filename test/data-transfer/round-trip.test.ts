/**
 * Moving a site between databases: the Strapi-made archive is imported on SQLite, exported,
 * imported on PostgreSQL, exported, imported on MariaDB, exported and imported on SQLite again
 * (the databases the run has, in that order), with each variant of the archive on the way
 * (encrypted with Strapi's default cipher, plain tar, aes256). After every import the app
 * answers each recorded request as Strapi did, byte for byte, and the uploaded file is the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { DatabaseClient } from '@platform/core';
import type { TestApp } from '../helpers/app';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { STRAPI_ARCHIVE, fixtureApp, platform, startTransferApp, strapiAnswers } from './helpers';

const ORDER: DatabaseClient[] = ['sqlite', 'postgres', 'mysql', 'sqlite'];
const EXPORTS: string[][] = [
  ['--key', 'first secret'],
  ['--no-encrypt', '--no-compress'],
  ['--key', 'third secret', '--algorithm', 'aes256'],
];

describe('platform export and import across databases', function () {
  this.timeout(300000);
  const clients = ORDER.filter((client) => testClients().includes(client));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-round-trip-'));
  const cleanups: Array<() => Promise<void> | void> = [() => fs.rmSync(work, { recursive: true, force: true })];

  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  let archive = STRAPI_ARCHIVE;
  let importArgs: string[] = [];
  clients.forEach((client, step) => {
    it(`step ${step + 1}: imports into ${client} and answers as Strapi did${step < clients.length - 1 ? ', then exports' : ''}`, async () => {
      const database: TestDatabase = await createTestDatabase(client);
      const appDir = fixtureApp();
      cleanups.push(() => appDir.remove());
      const imported = await platform(['import', '--file', archive, ...importArgs], database, appDir.dir);
      expect(imported.code, imported.stderr).to.equal(0);
      expect(imported.stdout).to.match(/^Imported 135 entries of 12 types, 284 links, 1 files and \d+ settings from /);
      let app: TestApp | null = null;
      try {
        const started = await startTransferApp(database, appDir.dir);
        app = started.app;
        for (const answer of strapiAnswers()) {
          const res = await app.get(answer.url, started.auth);
          expect(res.status, answer.url).to.equal(200);
          expect(res.body, answer.url).to.deep.equal(answer.body);
        }
        const cover = fs.readFileSync(path.join(appDir.dir, 'public', 'uploads', 'cover_c625dcb621.png'));
        expect(cover.length).to.equal(1952);
      } finally {
        if (app) await app.stop();
      }
      if (step < clients.length - 1) {
        const options = EXPORTS[step % EXPORTS.length] ?? [];
        const name = path.join(work, `step-${step + 1}`);
        const exported = await platform(['export', '--file', name, ...options], database, appDir.dir);
        expect(exported.code, exported.stderr).to.equal(0);
        const extension = options.includes('--no-compress') ? '.tar' : options.includes('--no-encrypt') ? '.tar.gz' : '.tar.gz.enc';
        archive = `${name}${extension}`;
        expect(exported.stdout, exported.stdout).to.match(
          new RegExp(`^Exported 135 entries of 12 types, 284 links, 1 files and \\d+ settings to ${archive.replace(/[.]/g, '\\.')} \\(\\d+ bytes\\) in \\d+\\.\\d s\\.\\n`),
        );
        expect(fs.existsSync(archive)).to.equal(true);
        expect(fs.existsSync(`${archive}.partial`)).to.equal(false);
        const keyAt = options.indexOf('--key');
        const algorithmAt = options.indexOf('--algorithm');
        importArgs = [...(keyAt === -1 ? [] : ['--key', options[keyAt + 1] ?? '']), ...(algorithmAt === -1 ? [] : ['--algorithm', options[algorithmAt + 1] ?? ''])];
      }
      await database.drop();
    });
  });
});
