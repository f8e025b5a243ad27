/**
 * Where the bench keeps its data set: a SQLite file, or a database on the local MariaDB or
 * PostgreSQL, named after the scale so that a loaded set is reused across runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import type { BenchDb } from './args';

const ROOT = path.resolve(__dirname, '..', '..');

export interface BenchDatabase {
  db: BenchDb;
  /** environment for `platform start` (the example app's config/database.ts reads these) */
  env: Record<string, string>;
  /** the `database` config section for an in-process platform */
  config: { connection: { client: string; connection: Record<string, unknown> } };
}

/** `name`: another data set than the bench's own (which is named after its scale) */
export async function prepareBenchDatabase(db: BenchDb, scale: number, reload: boolean, name = `platform_bench_${scale}`): Promise<BenchDatabase> {
  if (db === 'sqlite') {
    const filename = path.join(ROOT, '.tmp', 'bench', `${name}.db`);
    fs.mkdirSync(path.dirname(filename), { recursive: true });
    if (reload) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(filename + suffix, { force: true });
    return {
      db,
      env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: filename },
      config: { connection: { client: 'sqlite', connection: { filename } } },
    };
  }
  if (db === 'mysql') {
    const admin = knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port: 3306, user: 'root', password: '' } });
    try {
      if (reload) await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await admin.destroy();
    }
    const connection = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: name };
    return {
      db,
      env: { DATABASE_CLIENT: 'mysql', DATABASE_HOST: '127.0.0.1', DATABASE_PORT: '3306', DATABASE_NAME: name, DATABASE_USERNAME: 'root', DATABASE_PASSWORD: '' },
      config: { connection: { client: 'mysql', connection } },
    };
  }
  const admin = knexFactory({ client: 'pg', connection: { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' } });
  try {
    if (reload) await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const exists = await admin.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name]);
    if (exists.rows.length === 0) await admin.raw(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.destroy();
  }
  const connection = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', database: name };
  return {
    db,
    env: { DATABASE_CLIENT: 'postgres', DATABASE_HOST: '127.0.0.1', DATABASE_PORT: '5432', DATABASE_NAME: name, DATABASE_USERNAME: 'postgres', DATABASE_PASSWORD: '' },
    config: { connection: { client: 'postgres', connection } },
  };
}
