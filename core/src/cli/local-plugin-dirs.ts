/**
 * The folders of the app's local plugins (`resolve: './path'` or an absolute path in
 * config/plugins.ts), which `platform develop` watches wherever they are. Installed packages
 * (`resolve: 'a-package'`) are not: they change by installing, not by editing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, loadEnvironment } from '../config/load-config';

export function localPluginDirs(appDir: string): string[] {
  const { tree } = loadConfig(appDir, loadEnvironment(appDir));
  const declared = (tree.plugins ?? {}) as Record<string, unknown>;
  const dirs: string[] = [];
  for (const entry of Object.values(declared)) {
    const resolve = (entry as { resolve?: unknown } | null)?.resolve;
    if (typeof resolve !== 'string' || !(resolve.startsWith('.') || path.isAbsolute(resolve))) continue;
    const target = path.resolve(appDir, resolve);
    // a folder is watched as it is; a file (`./plugins/x/index.ts`) through its folder
    dirs.push(fs.existsSync(target) && fs.statSync(target).isDirectory() ? target : path.dirname(target));
  }
  return dirs;
}
