/**
 * `platform new <dir>`: writes a new app folder that `platform develop --app <dir>` serves at
 * once: config/ (server, database on SQLite, api, plugins), an example content-type, `.env`
 * with fresh secrets (Strapi v4's variable names), a package.json whose dependencies are the
 * plugin packages of the distribution it was made with, .gitignore and a README.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { installedPlugins } from '../kernel/plugin-loader';
import { parseCommandArgs } from '../cli/command-args';
import { CliUsageError } from '../cli/usage-error';
import * as files from './new-app-templates';
import { platformVersion } from '../cli/version';

export const NEW_HELP = `Usage: platform new <dir>

Writes a new app folder <dir> (it must not exist, or be empty):
  config/server.ts, database.ts (SQLite in .tmp/, or DATABASE_CLIENT=mysql|postgres), api.ts, plugins.ts
  api/article/content-types/article/schema.json   an example content-type (GET /api/articles)
  .env          PORT, HOST and fresh random secrets (APP_KEYS, API_TOKEN_SALT, JWT_SECRET, ...)
  package.json  the plugins of this platform as dependencies
  README.md, .gitignore

Then: platform develop --app <dir>
`;

export function parseNewArgs(argv: string[]): { dir: string } {
  const { positionals } = parseCommandArgs(argv, { command: 'new', options: {}, positionals: ['dir'] });
  const [dir] = positionals;
  return { dir: path.resolve(dir) };
}

/** Strapi v4's secrets, each random: what its `.env` holds, and what plugins look for. */
function freshSecrets(): Record<string, string> {
  const random = (bytes: number) => crypto.randomBytes(bytes).toString('base64');
  return {
    APP_KEYS: [random(16), random(16), random(16), random(16)].join(','),
    API_TOKEN_SALT: random(16),
    ADMIN_JWT_SECRET: random(16),
    TRANSFER_TOKEN_SALT: random(16),
    JWT_SECRET: random(16),
  };
}

/** The plugin packages of the distribution (the project run from, else the one this kernel is installed in) and their versions. */
function distributionPlugins(): Record<string, string> {
  const candidates = [process.cwd(), path.resolve(__dirname, '..', '..', '..')];
  for (const dir of candidates) {
    const found = installedPlugins(dir, dir);
    if (found.length === 0) continue;
    const dependencies: Record<string, string> = {};
    for (const plugin of found) {
      const manifest = JSON.parse(fs.readFileSync(require.resolve(`${plugin.packageName}/package.json`, { paths: plugin.from }), 'utf8')) as { version: string };
      dependencies[plugin.packageName] = manifest.version;
    }
    return dependencies;
  }
  return {};
}

export function newApp(dir: string, say: (line: string) => void): void {
  if (fs.existsSync(dir) && (!fs.statSync(dir).isDirectory() || fs.readdirSync(dir).length > 0)) {
    throw new CliUsageError(`new: ${dir} already exists and is not an empty folder; nothing was written`);
  }
  const name =
    path
      .basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'platform-app';
  const written: Record<string, string> = {
    'package.json': files.packageFile(name, { '@platform/core': platformVersion(), ...distributionPlugins() }),
    'config/server.ts': files.SERVER_CONFIG,
    'config/database.ts': files.DATABASE_CONFIG,
    'config/api.ts': files.API_CONFIG,
    'config/plugins.ts': files.PLUGINS_CONFIG,
    'api/article/content-types/article/schema.json': files.ARTICLE_SCHEMA,
    '.env': files.envFile(freshSecrets()),
    '.gitignore': files.GITIGNORE,
    'README.md': files.readme(name, dir),
  };
  for (const [file, content] of Object.entries(written)) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content, file === '.env' ? { mode: 0o600 } : undefined);
  }
  say(`created ${dir} (${Object.keys(written).join(', ')})`);
  say(`next: platform develop --app ${dir}`);
}
