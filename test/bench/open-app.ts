/**
 * The app folder of a second server for the same requests without authentication: the app's
 * api/ and components/ linked, its config/ copied, its config/plugins.ts switching the auth
 * plugins off over the app's own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pluginsFileWithoutAuth } from '../helpers/app';

export function openAppDir(root: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-open-'));
  for (const name of ['api', 'components', 'public']) {
    if (fs.existsSync(path.join(root, name))) fs.symlinkSync(path.join(root, name), path.join(dir, name));
  }
  fs.cpSync(path.join(root, 'config'), path.join(dir, 'config'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'config', 'plugins.ts'), pluginsFileWithoutAuth(root));
  return dir;
}
