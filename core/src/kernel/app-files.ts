/**
 * Reads an app's per-api folders (`api/<api>/{routes,controllers,services,policies,middlewares}`)
 * as raw modules. Their meaning (core factories, custom routes) is given by content-manager.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listModuleFiles, loadUserModule } from '../config/load-module';

export interface AppApiFiles {
  apiName: string;
  routes: Array<{ name: string; file: string; exported: unknown }>;
  controllers: Array<{ uid: string; file: string; exported: unknown }>;
  services: Array<{ uid: string; file: string; exported: unknown }>;
  policies: Array<{ uid: string; file: string; exported: unknown }>;
  middlewares: Array<{ uid: string; file: string; exported: unknown }>;
}

export function loadAppApiFiles(appDir: string): AppApiFiles[] {
  const apiDir = path.join(appDir, 'api');
  if (!fs.existsSync(apiDir)) return [];
  const out: AppApiFiles[] = [];
  for (const apiName of fs.readdirSync(apiDir).sort()) {
    const base = path.join(apiDir, apiName);
    if (!fs.statSync(base).isDirectory()) continue;
    const read = (folder: string) =>
      [...listModuleFiles(path.join(base, folder))].map(([name, file]) => ({ name, uid: `api::${apiName}.${name}`, file, exported: loadUserModule(file) }));
    out.push({
      apiName,
      routes: read('routes'),
      controllers: read('controllers'),
      services: read('services'),
      policies: read('policies'),
      middlewares: read('middlewares'),
    });
  }
  return out;
}
