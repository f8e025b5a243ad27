/** The version of the platform, as `@platform/core`'s package.json (and lerna.json) says. */
import fs from 'node:fs';
import path from 'node:path';

export function platformVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
