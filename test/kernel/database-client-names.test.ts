/**
 * `DATABASE_CLIENT` takes the common spellings of each database (`postgresql`, `pg`, `mariadb`,
 * ...) in the example app's and a new app's config/database.ts, with that database's default
 * port and user; any other name stops start-up listing the accepted ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../core/src/config/load-config';
import { normalizeClient } from '../../core/src/database/connection';
import { DATABASE_CONFIG } from '../../core/src/generators/new-app-templates';
import { EXAMPLE_APP } from '../helpers/app';

interface DatabaseFile {
  connection: { client: string; connection: { port?: number; user?: string; filename?: string } };
}

describe('DATABASE_CLIENT spellings', () => {
  let newApp: string;
  before(() => {
    newApp = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-client-names-'));
    fs.mkdirSync(path.join(newApp, 'config'));
    fs.writeFileSync(path.join(newApp, 'config', 'database.ts'), DATABASE_CONFIG);
  });
  after(() => fs.rmSync(newApp, { recursive: true, force: true }));

  const database = (appDir: string, client: string) => (loadConfig(appDir, { DATABASE_CLIENT: client }).tree.database as unknown as DatabaseFile).connection;

  for (const [label, appDir] of [
    ['the example app', () => EXAMPLE_APP],
    ['a new app', () => newApp],
  ] as const) {
    it(`${label}: each spelling is its database, with its default port and user`, () => {
      const seen = ['postgres', 'postgresql', 'pg', 'mysql', 'mariadb', 'mysql2', 'sqlite', 'sqlite3', 'better-sqlite3'].map((client) => {
        const { client: written, connection } = database(appDir(), client);
        return [client, normalizeClient(written, 'config/database'), connection.port ?? connection.filename, connection.user];
      });
      expect(seen).to.deep.equal([
        ['postgres', 'postgres', 5432, 'postgres'],
        ['postgresql', 'postgres', 5432, 'postgres'],
        ['pg', 'postgres', 5432, 'postgres'],
        ['mysql', 'mysql', 3306, 'root'],
        ['mariadb', 'mysql', 3306, 'root'],
        ['mysql2', 'mysql', 3306, 'root'],
        ['sqlite', 'sqlite', '.tmp/data.db', undefined],
        ['sqlite3', 'sqlite', '.tmp/data.db', undefined],
        ['better-sqlite3', 'sqlite', '.tmp/data.db', undefined],
      ]);
    });
  }

  it('another name stops start-up naming the accepted ones', () => {
    expect(() => normalizeClient(database(EXAMPLE_APP, 'postgre').client, 'config/database')).to.throw(
      'config/database: connection.client "postgre" is not supported (use sqlite, mysql or postgres; also taken: sqlite3, better-sqlite3, mysql2, mariadb, pg, postgresql)',
    );
  });
});
