import type { EnvFn } from '@platform/core';

export default ({ env }: { env: EnvFn }) => {
  // sqlite, mysql or postgres, or a name the kernel takes for one of them (sqlite3,
  // better-sqlite3, mysql2, mariadb, pg, postgresql); any other stops start-up naming them
  const client = String(env('DATABASE_CLIENT', 'sqlite'));
  if (['sqlite', 'sqlite3', 'better-sqlite3'].includes(client)) {
    return { connection: { client: 'sqlite', connection: { filename: env('DATABASE_FILENAME', '.tmp/data.db') } } };
  }
  const defaults = ['postgres', 'postgresql', 'pg'].includes(client) ? { port: 5432, user: 'postgres' } : { port: 3306, user: 'root' };
  return {
    connection: {
      client,
      connection: {
        host: env('DATABASE_HOST', '127.0.0.1'),
        port: env.int('DATABASE_PORT', defaults.port),
        database: env('DATABASE_NAME', 'test'),
        user: env('DATABASE_USERNAME', defaults.user),
        password: env('DATABASE_PASSWORD', ''),
      },
      pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
    },
    // the longest one SQL statement may run before the database cancels it (ms; 0: no limit)
    statementTimeout: env.int('DATABASE_STATEMENT_TIMEOUT', 5000),
  };
};
