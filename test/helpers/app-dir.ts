/**
 * A temporary app folder that is the example app (its api/, components/ and config files,
 * linked) plus the files a test writes: a config/middlewares.js, a public/ folder, an app
 * middleware.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXAMPLE_APP } from './app';

export function exampleAppWith(files: Record<string, string | Buffer>): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-edge-'));
  fs.symlinkSync(path.join(EXAMPLE_APP, 'api'), path.join(dir, 'api'));
  fs.symlinkSync(path.join(EXAMPLE_APP, 'components'), path.join(dir, 'components'));
  fs.mkdirSync(path.join(dir, 'config'));
  // A config file the test writes replaces the example's of the same name, whatever its extension.
  const written = new Set(
    Object.keys(files)
      .filter((name) => name.startsWith('config/'))
      .map((name) => path.parse(name).name),
  );
  for (const file of fs.readdirSync(path.join(EXAMPLE_APP, 'config'))) {
    if (written.has(path.parse(file).name)) continue;
    fs.symlinkSync(path.join(EXAMPLE_APP, 'config', file), path.join(dir, 'config', file));
  }
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
