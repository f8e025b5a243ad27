/**
 * What the data-transfer tests share: an app folder with the content-types of the Strapi-made
 * archive (`test/fixtures/strapi-export/app`) and the example app's config, the
 * `platform` binary run as a user runs it against a test database, and an app booted on that
 * database with users & permissions and API tokens on, read with a full-access token.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { EXAMPLE_APP, startApp, type TestApp } from '../helpers/app';
import { databaseEnv, type TestDatabase } from '../helpers/databases';
import { authPlugins } from '../users-permissions/helpers';

export const FIXTURE_DIR = path.join(EXAMPLE_APP, 'test', 'fixtures', 'strapi-export');
export const STRAPI_ARCHIVE = path.join(FIXTURE_DIR, 'strapi-4.26.2-fixture.tar.gz');
const BIN = path.join(EXAMPLE_APP, 'core', 'bin', 'platform.js');
const SALT = 'data-transfer-tests-salt';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temporary app: the fixture's api/ and components/, the example's config, its own public/. */
export function fixtureApp(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-transfer-'));
  fs.symlinkSync(path.join(FIXTURE_DIR, 'app', 'api'), path.join(dir, 'api'));
  fs.symlinkSync(path.join(FIXTURE_DIR, 'app', 'components'), path.join(dir, 'components'));
  fs.mkdirSync(path.join(dir, 'config'));
  for (const file of fs.readdirSync(path.join(EXAMPLE_APP, 'config'))) fs.symlinkSync(path.join(EXAMPLE_APP, 'config', file), path.join(dir, 'config', file));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** `platform <args> --app <appDir>` on `database`, as a child process (cwd: the repository, whose plugins the app uses). */
export function platform(args: string[], database: TestDatabase, appDir: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--app', appDir],
      {
        cwd: EXAMPLE_APP,
        env: { ...process.env, LOG_LEVEL: '', NODE_ENV: '', API_TOKEN_SALT: SALT, JWT_SECRET: 'transfer-jwt', ADMIN_JWT_SECRET: 'transfer-admin', ...databaseEnv(database), ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** The app on `database` with users & permissions and API tokens, and a full-access token's header. */
export async function startTransferApp(database: TestDatabase, appDir: string): Promise<{ app: TestApp; auth: Record<string, string> }> {
  const app = await startApp({
    client: database.client,
    database,
    appDir,
    config: { plugins: { ...authPlugins(), 'api-tokens': { config: { salt: SALT } }, cache: { enabled: false } } },
  });
  const tokens = app.platform.service('plugin::api-tokens.api-tokens');
  const { accessKey } = await tokens.create({ name: 'transfer-reader', type: 'full-access', description: '' });
  return { app, auth: { authorization: `Bearer ${accessKey}` } };
}

/** The requests of the fixture's `answers/index.txt` and what Strapi answered to each. */
export function strapiAnswers(): Array<{ n: string; url: string; body: unknown }> {
  const index = fs.readFileSync(path.join(FIXTURE_DIR, 'answers', 'index.txt'), 'utf8');
  return index
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [n = '', url = ''] = line.split(' ');
      return { n, url, body: JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'answers', `${n}.json`), 'utf8')) as unknown };
    });
}

/** A knex on a test database, to look at its rows between two commands. */
export function knexOf(database: TestDatabase): Knex {
  const { connection } = database.config.connection;
  const client = { sqlite: 'better-sqlite3', mysql: 'mysql2', postgres: 'pg' }[database.client];
  return knexFactory({ client, connection, useNullAsDefault: true } as Knex.Config);
}

/** The tables an import writes to for the fixture's content-types, to compare before and after. */
export const CONTENT_TABLES = [
  'articles',
  'articles_components',
  'articles_tags_links',
  'articles_category_links',
  'articles_author_links',
  'articles_localizations_links',
  'components_shared_seos',
  'components_shared_meta_tags',
  'components_shared_quotes',
  'files',
  'files_related_morphs',
  'tags',
  'categories',
  'writers',
  'writers_profile_links',
  'profiles',
  'up_users',
  'up_roles',
  'i18n_locale',
  'strapi_core_store_settings',
];
