/**
 * Boots platforms for schema tests: in this process with a logger whose warnings the test
 * reads, or in a child process (several at once, as `--workers` does).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Knex } from 'knex';
import { createLogger, Platform, type DatabaseClient } from '@platform/core';
import type { TestDatabase } from './databases';
import { isAuthSetupWarning } from './boot-warnings';
import { withoutUnnamedAuthPlugins } from './app';

const BOOT_ONCE = path.resolve(__dirname, '..', 'fixtures', 'boot-once.ts');

/** Boots a platform (no HTTP) with a logger whose warnings the test reads. */
export async function boot(dir: string, database: TestDatabase): Promise<{ platform: Platform; warnings: string[] }> {
  const lines: string[] = [];
  const platform = new Platform({ appDir: dir, logger: createLogger('warn', (line) => lines.push(line)), config: withoutUnnamedAuthPlugins({ database: database.config }) });
  try {
    await platform.start();
  } catch (error) {
    await platform.destroy();
    throw error;
  }
  return { platform, warnings: lines.filter((line) => line.includes(' WARN ') && !isAuthSetupWarning(line)).map((line) => line.replace(/^\[[^\]]+\] WARN /, '')) };
}

/** knex options for a client, to open a test database directly. */
export function knexClient(client: DatabaseClient): Knex.Config {
  return client === 'sqlite' ? { client: 'better-sqlite3', useNullAsDefault: true } : { client: client === 'mysql' ? 'mysql2' : 'pg' };
}

/**
 * Boots the app in a separate process (as `--workers` does): better-sqlite3 is synchronous, so
 * platforms in one process would sleep through each other's lock waits instead of racing.
 */
export function bootInChildProcess(dir: string, database: TestDatabase): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--require', 'tsx/cjs', BOOT_ONCE, dir, JSON.stringify(database.config)],
      { cwd: path.resolve(__dirname, '..', '..'), env: { ...process.env, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}
