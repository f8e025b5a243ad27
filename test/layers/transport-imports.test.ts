/**
 * Transports sit above the features they serve: a feature plugin declares its parameters,
 * routes and schemas to the query engine's content API as data, and the graphql and
 * documentation plugins read those declarations. So no feature plugin imports either of them
 * (by package name or by a relative path into their folders), in its code, its package.json or
 * its tsconfig.json's project references.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const PLUGINS = path.resolve(__dirname, '..', '..', 'plugins');
/** The transports themselves. */
const TRANSPORTS = new Set(['graphql', 'documentation']);

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(full, base));
    } else if (/\.(?:ts|tsx|js|cjs|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.relative(base, full));
  }
  return out;
}

/** The transports a file imports: `@platform/graphql[/...]`, or a relative path into plugins/graphql. */
function transportsImported(file: string, text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] as string;
    const named = /^@platform\/([^/]+)/.exec(specifier)?.[1];
    if (named && TRANSPORTS.has(named)) found.add(named);
    if (specifier.startsWith('.')) {
      const target = path.relative(PLUGINS, path.resolve(path.dirname(file), specifier)).split(path.sep)[0];
      if (target && TRANSPORTS.has(target)) found.add(target);
    }
  }
  return [...found].sort();
}

const features = fs.readdirSync(PLUGINS).filter((name) => !TRANSPORTS.has(name) && fs.existsSync(path.join(PLUGINS, name, 'package.json')));

describe('Feature plugins import no transport', () => {
  it('finds the imports it looks for (package names, dynamic imports, relative paths)', () => {
    const file = path.join(PLUGINS, 'i18n', 'src', 'x.ts');
    expect(transportsImported(file, "import type { Extension } from '@platform/graphql';")).to.deep.equal(['graphql']);
    expect(transportsImported(file, "const d = require('@platform/documentation/dist/x');")).to.deep.equal(['documentation']);
    expect(transportsImported(file, "import x from '../../graphql/src/types';")).to.deep.equal(['graphql']);
    expect(transportsImported(file, "import type {} from '@platform/graphql';")).to.deep.equal(['graphql']);
    expect(transportsImported(file, "import { a } from './graphql';\nimport { b } from '@platform/query-engine';")).to.deep.equal([]);
  });

  for (const plugin of features) {
    it(`${plugin}: no import of graphql or documentation`, () => {
      const root = path.join(PLUGINS, plugin);
      const files = ['index.ts', ...sourceFiles(path.join(root, 'src')).map((file) => path.join('src', file))].filter((file) => fs.existsSync(path.join(root, file)));
      const offending: Record<string, string[]> = {};
      for (const file of files) {
        const full = path.join(root, file);
        const imported = transportsImported(full, fs.readFileSync(full, 'utf8'));
        if (imported.length > 0) offending[file] = imported;
      }
      expect(offending, 'files that import a transport').to.deep.equal({});
      const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
      const declared = ['dependencies', 'peerDependencies', 'devDependencies'].flatMap((key) => Object.keys(pkg[key] ?? {}));
      const transports = declared.filter((name) => name.startsWith('@platform/') && TRANSPORTS.has(name.slice('@platform/'.length))).sort();
      expect(transports, 'package.json').to.deep.equal([]);
      const tsconfig = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as { references?: Array<{ path: string }> };
      const referenced = (tsconfig.references ?? []).map((reference) => path.relative(PLUGINS, path.resolve(root, reference.path)).split(path.sep)[0] ?? '');
      expect(
        referenced.filter((name) => TRANSPORTS.has(name)),
        'tsconfig.json references',
      ).to.deep.equal([]);
    });
  }
});
