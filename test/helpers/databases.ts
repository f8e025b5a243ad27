/**
 * Test databases: every test app gets its own database (SQLite file, MariaDB database,
 * PostgreSQL database), created before and dropped after, so runs never collide or leak.
 * `TEST_DATABASES=sqlite,mysql,postgres` picks which clients the suite runs on.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { DatabaseClient } from '@platform/core';

export const ALL_CLIENTS: DatabaseClient[] = ['sqlite', 'mysql', 'postgres'];

export function testClients(): DatabaseClient[] {
  const raw = process.env.TEST_DATABASES ?? 'sqlite';
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!ALL_CLIENTS.includes(name as DatabaseClient)) throw new Error(`TEST_DATABASES: unknown client "${name}" (use ${ALL_CLIENTS.join(',')})`);
  }
  return names as DatabaseClient[];
}

export interface TestDatabase {
  client: DatabaseClient;
  name: string;
  /** the `database` config section pointing at it */
  config: { connection: { client: string; connection: Record<string, unknown> } };
  drop(): Promise<void>;
}

export const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
export const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '' };

function uniqueName(): string {
  return `platform_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const swept = new Set<DatabaseClient>();

/**
 * Drops the databases that test processes which died before their `after` hooks left behind
 * (their names carry the pid), once per client and process, so the servers do not fill up.
 */
async function sweepStaleDatabases(client: DatabaseClient): Promise<void> {
  if (swept.has(client) || client === 'sqlite') return;
  swept.add(client);
  const stale = (names: string[]) =>
    names.filter((n) => {
      const match = /^platform_t_(\d+)_[0-9a-f]{8}$/.exec(n);
      return match !== null && Number(match[1]) !== process.pid && !isAlive(Number(match[1]));
    });
  if (client === 'mysql') {
    const k = knexFactory({ client: 'mysql2', connection: { ...MYSQL } });
    try {
      const [rows] = await k.raw("SHOW DATABASES LIKE 'platform\\_t\\_%'");
      for (const name of stale((rows as Array<Record<string, string>>).flatMap((r) => Object.values(r)))) await k.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    } finally {
      await k.destroy();
    }
    return;
  }
  const k = knexFactory({ client: 'pg', connection: { ...POSTGRES, database: 'postgres' } });
  try {
    const result = await k.raw("SELECT datname FROM pg_database WHERE datname LIKE 'platform\\_t\\_%'");
    for (const name of stale((result.rows as Array<{ datname: string }>).map((r) => r.datname))) await k.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await k.destroy();
  }
}

export async function createTestDatabase(client: DatabaseClient): Promise<TestDatabase> {
  await sweepStaleDatabases(client);
  const name = uniqueName();
  if (client === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-test-'));
    const filename = path.join(dir, 'data.db');
    return {
      client,
      name: filename,
      config: { connection: { client: 'sqlite', connection: { filename } } },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (client === 'mysql') {
    const admin = knexFactory({ client: 'mysql2', connection: { ...MYSQL } });
    try {
      await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await admin.destroy();
    }
    return {
      client,
      name,
      config: { connection: { client: 'mysql', connection: { ...MYSQL, database: name } } },
      async drop() {
        const k = knexFactory({ client: 'mysql2', connection: { ...MYSQL } });
        try {
          await k.raw(`DROP DATABASE IF EXISTS \`${name}\``);
        } finally {
          await k.destroy();
        }
      },
    };
  }
  const admin = knexFactory({ client: 'pg', connection: { ...POSTGRES, database: 'postgres' } });
  try {
    await admin.raw(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.destroy();
  }
  return {
    client,
    name,
    config: { connection: { client: 'postgres', connection: { ...POSTGRES, database: name } } },
    async drop() {
      const k = knexFactory({ client: 'pg', connection: { ...POSTGRES, database: 'postgres' } });
      try {
        await k.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await k.destroy();
      }
    },
  };
}

/** The DATABASE_* variables with which the example app's config/database.ts reaches `database`. */
export function databaseEnv(database: TestDatabase): NodeJS.ProcessEnv {
  const connection = database.config.connection.connection as { filename?: string; host?: string; port?: number; user?: string; password?: string; database?: string };
  if (database.client === 'sqlite') return { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: String(connection.filename) };
  return {
    DATABASE_CLIENT: database.client,
    DATABASE_HOST: String(connection.host),
    DATABASE_PORT: String(connection.port),
    DATABASE_NAME: String(connection.database),
    DATABASE_USERNAME: String(connection.user),
    DATABASE_PASSWORD: connection.password ?? '',
  };
}
