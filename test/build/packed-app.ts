/**
 * An app outside the repository that installs the platform as a user does: the packages built
 * (`npm run build`) and packed (`npm pack`), then `npm ci` of those tarballs in a folder of its
 * own. Offline: the app's lock file takes every other package at the version the repository's
 * lock file holds, so npm finds them all in its cache.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = path.resolve(__dirname, '..', '..');
/** without the source condition the tests run under (test/setup/source-condition.ts) */
export const PLAIN_ENV = { ...process.env, NODE_OPTIONS: '' };

interface LockEntry {
  name?: string;
  version?: string;
  dev?: boolean;
  dependencies?: Record<string, string>;
  [field: string]: unknown;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

export async function buildPackages(): Promise<void> {
  await run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'tsconfig.build.json'], { cwd: ROOT, env: PLAIN_ENV });
  // the admin panel's browser app, as `npm run build` builds it
  await run(process.execPath, [path.join(ROOT, 'plugins', 'admin', 'scripts', 'build-app.js')], { cwd: ROOT, env: PLAIN_ENV });
}

/** `npm pack` of every workspace package into `dir`: package name -> tarball. */
export async function packPackages(dir: string): Promise<Map<string, string>> {
  // built just before (buildPackages): each package's own prepack build would only repeat it
  const { stdout } = await run('npm', ['pack', '--workspaces', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, env: PLAIN_ENV, maxBuffer: 64 * 1024 * 1024 });
  const packed = JSON.parse(stdout) as { name: string; filename: string }[];
  return new Map(packed.map((entry) => [entry.name, path.join(dir, entry.filename)]));
}

/** The files of a tarball, without npm's `package/` prefix. */
export async function tarballFiles(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.replace(/^package\//, ''))
    .sort();
}

/** The app's package.json and a lock file: the tarballs, and the repository's versions of everything else. */
function writeManifests(appDir: string, tarballs: Map<string, string>): void {
  const repoLock = readJson<{ packages: Record<string, LockEntry> }>(path.join(ROOT, 'package-lock.json'));
  const dependencies = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]));
  const packages: Record<string, LockEntry> = { '': { name: 'site', dependencies } };
  for (const workspace of Object.values(repoLock.packages)) {
    const file = workspace.name === undefined ? undefined : tarballs.get(workspace.name);
    if (file === undefined) continue;
    const integrity = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(file)).digest('base64')}`;
    const { name: _name, ...entry } = workspace;
    packages[`node_modules/${workspace.name}`] = { ...entry, resolved: `file:${file}`, integrity };
  }
  for (const [key, entry] of Object.entries(repoLock.packages)) {
    if (key.startsWith('node_modules/') && !key.startsWith('node_modules/@platform/') && !entry.dev) packages[key] = entry;
    // a workspace's own version of a dependency (another version is hoisted) sits under the installed package
    const nested = /^((?:core|plugins\/[^/]+))\/(node_modules\/.+)$/.exec(key);
    const owner = nested ? repoLock.packages[nested[1] ?? '']?.name : undefined;
    if (nested && owner !== undefined && !entry.dev) packages[`node_modules/${owner}/${nested[2]}`] = entry;
  }
  fs.writeFileSync(path.join(appDir, 'package.json'), JSON.stringify({ name: 'site', private: true, dependencies }, null, 2));
  fs.writeFileSync(path.join(appDir, 'package-lock.json'), JSON.stringify({ name: 'site', lockfileVersion: 3, requires: true, packages }, null, 2));
}

/**
 * Installs the tarballs into `appDir`. Install scripts are skipped: better-sqlite3's would
 * compile its addon from source (minutes, offline); the repository's build of the same version
 * for the same Node is copied in instead.
 */
export async function installPackages(appDir: string, tarballs: Map<string, string>): Promise<void> {
  writeManifests(appDir, tarballs);
  await run('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: appDir, env: PLAIN_ENV, maxBuffer: 16 * 1024 * 1024 });
  const addon = path.join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  fs.mkdirSync(path.dirname(path.join(appDir, addon)), { recursive: true });
  fs.copyFileSync(path.join(ROOT, addon), path.join(appDir, addon));
}

/** The example app's own files (TypeScript config, content-types and code), copied into `appDir`. */
export function copyExampleApp(appDir: string): void {
  for (const folder of ['config', 'api', 'components']) fs.cpSync(path.join(ROOT, folder), path.join(appDir, folder), { recursive: true });
}
