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
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
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

export async function createTestDatabase(client: DatabaseClient): Promise<TestDatabase> {
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
