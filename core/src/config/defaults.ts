/**
 * The configuration every app starts from: what `config/server.ts`, `config/api.ts` and
 * `config/database.ts` hold when a file or a key is left out.
 */
import { deepMerge, type ConfigTree } from './load-config';

export function withDefaults(tree: ConfigTree): ConfigTree {
  return deepMerge(
    {
      server: { host: '0.0.0.0', port: 1337, bodyLimit: '1mb' },
      api: { rest: { prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true } },
    },
    // A database given in the files replaces the default whole (never a mix of two clients).
    { database: tree.database ?? { connection: { client: 'sqlite', connection: { filename: '.tmp/data.db' } } }, ...tree },
  ) as ConfigTree;
}
