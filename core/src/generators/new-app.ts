/**
 * `platform new <dir>`: writes a new app folder that `platform develop --app <dir>` serves at
 * once, and that `npm install && npm run develop` runs from its own folder: config/ (server,
 * database on SQLite, api, plugins), an example content-type, `.env` with fresh secrets
 * (Strapi v4's variable names), a package.json whose dependencies are the kernel and the plugin
 * packages of the distribution it was made with, .gitignore and a README.
 *
 * The `@platform/*` packages are on no registry: the dependencies point at the distribution's
 * package folders by `file:` path (relative to the app), so `npm install` links them without
 * the network. Each plugin of the distribution may write its part of `config/plugins.ts` (its
 * definition's `newApp`), so the example type answers at once whatever plugins are in.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { installedPlugins, loadInstalledDefinition, type InstalledPlugin } from '../kernel/plugin-loader';
import type { NewAppExample } from '../kernel/plugin';
import { parseCommandArgs } from '../cli/command-args';
import { CliUsageError } from '../cli/usage-error';
import * as files from './new-app-templates';

export const NEW_HELP = `Usage: platform new <dir>

Writes a new app folder <dir> (it must not exist, or be empty):
  config/server.ts, database.ts (SQLite in .tmp/, or DATABASE_CLIENT=mysql|postgres), api.ts, plugins.ts
  api/article/content-types/article/schema.json   an example content-type (GET /api/articles)
  .env          PORT, HOST and fresh random secrets (APP_KEYS, API_TOKEN_SALT, JWT_SECRET, ...)
  package.json  this platform's kernel and plugins as dependencies (file: paths to its packages)
  README.md, .gitignore

Then: cd <dir> && npm install && npm run develop   (or: platform develop --app <dir>)
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

/** The kernel's package folder (this file is in its src/generators/ or dist/generators/). */
const KERNEL_DIR = path.resolve(__dirname, '..', '..');

/** The example type every new app has (files.ARTICLE_SCHEMA). */
const EXAMPLE: NewAppExample = { uid: 'api::article.article', path: '/api/articles' };

/** The plugin packages of the distribution: the project run from, else the one this kernel is installed in. */
function distributionPlugins(): { plugins: InstalledPlugin[]; dir: string } {
  for (const dir of [process.cwd(), path.resolve(KERNEL_DIR, '..')]) {
    const plugins = installedPlugins(dir, dir);
    if (plugins.length > 0) return { plugins, dir };
  }
  return { plugins: [], dir: process.cwd() };
}

/** `file:<path from the app to the package's folder>` */
function fileDependency(appDir: string, packageDir: string): string {
  const relative = path.relative(appDir, fs.realpathSync(packageDir)).split(path.sep).join('/');
  return `file:${relative}`;
}

/** What the new app's package.json depends on, and what the plugins write into its config/plugins.ts. */
function fromDistribution(appDir: string): { dependencies: Record<string, string>; entries: files.PluginEntry[] } {
  const { plugins, dir } = distributionPlugins();
  const dependencies: Record<string, string> = { '@platform/core': fileDependency(appDir, KERNEL_DIR) };
  const entries: files.PluginEntry[] = [];
  for (const plugin of plugins) {
    const manifest = require.resolve(`${plugin.packageName}/package.json`, { paths: plugin.from });
    dependencies[plugin.packageName] = fileDependency(appDir, path.dirname(manifest));
    const contribution = loadInstalledDefinition(plugin, dir).newApp;
    if (!contribution?.config) continue;
    entries.push({ name: plugin.name, config: contribution.config(EXAMPLE), note: contribution.note?.(EXAMPLE) });
  }
  return { dependencies, entries };
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
  const { dependencies, entries } = fromDistribution(dir);
  const written: Record<string, string> = {
    'package.json': files.packageFile(name, dependencies),
    'config/server.ts': files.SERVER_CONFIG,
    'config/database.ts': files.DATABASE_CONFIG,
    'config/api.ts': files.API_CONFIG,
    'config/plugins.ts': files.pluginsConfig(entries),
    'api/article/content-types/article/schema.json': files.ARTICLE_SCHEMA,
    '.env': files.envFile(freshSecrets()),
    '.gitignore': files.GITIGNORE,
    'README.md': files.readme(name, dir, entries, EXAMPLE),
  };
  for (const [file, content] of Object.entries(written)) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content, file === '.env' ? { mode: 0o600 } : undefined);
  }
  say(`created ${dir} (${Object.keys(written).join(', ')})`);
  say(`next: cd ${dir} && npm install && npm run develop   (or: platform develop --app ${dir})`);
}
