/**
 * Adds a local plugin to the app's config/plugins.ts: the file is written when the app has none,
 * and the entry is put in at the top of the exported object when it has one (in either of the
 * two shapes the documentation shows). A file in another shape is left alone and the line to add
 * is printed instead.
 */
import fs from 'node:fs';
import path from 'node:path';

export function addLocalPlugin(appDir: string, name: string, resolve: string): string {
  const entry = `  '${name}': { enabled: true, resolve: '${resolve}' },`;
  const existing = ['plugins.ts', 'plugins.js'].map((file) => path.join(appDir, 'config', file)).find((file) => fs.existsSync(file));
  if (!existing) {
    const file = path.join(appDir, 'config', 'plugins.ts');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `export default () => ({\n${entry}\n});\n`);
    return `created config/plugins.ts enabling "${name}"`;
  }
  const text = fs.readFileSync(existing, 'utf8');
  const relative = path.relative(appDir, existing);
  if (new RegExp(`['"]?${name}['"]?\\s*:`).test(text)) return `${relative} already has an entry "${name}": make sure it says resolve: '${resolve}'`;
  const opening = /(=>\s*\(\{|export default \{|module\.exports\s*=\s*\{)[ \t]*\n/.exec(text);
  if (!opening) return `add to ${relative}: ${entry.trim()}`;
  const at = opening.index + opening[0].length;
  fs.writeFileSync(existing, `${text.slice(0, at)}${entry}\n${text.slice(at)}`);
  return `enabled "${name}" in ${relative}`;
}
