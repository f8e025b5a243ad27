/**
 * A plugin imports only what it declared: every `@platform/<name>` package its sources import
 * (values and types alike) is `@platform/core` or a plugin listed in its definition's
 * `requires` or `optional`, appears in its package.json `dependencies` or `peerDependencies`,
 * and is imported by its package name, never by a path inside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { expect } from 'chai';
import type { PluginDefinition } from '@platform/core';

const REPO = path.resolve(__dirname, '..', '..');
const PLUGINS = path.join(REPO, 'plugins');
const SCOPE = '@platform/';

/** The plugin's `.ts` files, without tests, specs and their fixtures. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'test'].includes(entry.name) ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !/\.(spec|test)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every module a TypeScript source names: import and export declarations (type-only ones too),
 * `import x = require()`, `require()` and `import()` calls, `import('x').T` types and
 * `declare module 'x'` augmentations.
 */
function moduleSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isExternalModuleReference(node) && ts.isStringLiteral(node.expression)) {
      out.push(node.expression.text);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) out.push(first.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      out.push(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  platform?: { kind?: string; name?: string };
}

const readManifest = (file: string): Manifest => JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;

/** The plugin name of an installed `@platform/*` package, or null when it is not a plugin package. */
function pluginNameOf(packageName: string): string | null {
  const manifest = readManifest(require.resolve(`${packageName}/package.json`, { paths: [REPO] }));
  if (manifest.platform?.kind !== 'plugin') return null;
  return manifest.platform.name ?? packageName.slice(SCOPE.length);
}

/**
 * What is wrong with the `@platform/*` imports of the plugin package in `dir`, one line each
 * (`<file>: "<specifier>" <problem>`), sorted; empty when nothing is.
 */
function pluginImportProblems(dir: string): string[] {
  const manifest = readManifest(path.join(dir, 'package.json'));
  const definition = (require(path.join(dir, 'index.ts')) as { default: PluginDefinition }).default;
  const declared = new Set([...(definition.requires ?? []), ...(definition.optional ?? [])]);
  const listed = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const problems = new Set<string>();
  for (const file of sourceFiles(dir)) {
    const relative = path.relative(dir, file).split(path.sep).join('/');
    for (const specifier of moduleSpecifiers(file, fs.readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith(SCOPE)) continue;
      const [packageName, deep] = [specifier.split('/').slice(0, 2).join('/'), specifier.split('/').length > 2];
      const say = (problem: string) => problems.add(`${relative}: "${specifier}" ${problem}`);
      if (deep) say(`is a deep import (import "${packageName}")`);
      if (!listed.has(packageName)) say(`is not in package.json dependencies or peerDependencies`);
      if (packageName === `${SCOPE}core`) continue;
      const plugin = pluginNameOf(packageName);
      if (plugin === null) say('is not a plugin package');
      else if (!declared.has(plugin)) say(`names plugin "${plugin}", which "${definition.name}" does not declare in requires or optional`);
    }
  }
  return [...problems].sort();
}

const pluginDirs = fs
  .readdirSync(PLUGINS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(PLUGINS, entry.name, 'package.json')))
  .map((entry) => path.join(PLUGINS, entry.name));

describe('plugin imports', function () {
  this.timeout(30000);

  it('finds the plugin packages under plugins/', () => {
    expect(pluginDirs.map((dir) => readManifest(path.join(dir, 'package.json')).platform?.kind)).to.deep.equal(pluginDirs.map(() => 'plugin'));
    expect(pluginDirs.length).to.be.greaterThan(0);
  });

  for (const dir of pluginDirs) {
    it(`${path.relative(REPO, dir)} imports only @platform/core and the plugins it declares, by package name, listed in its package.json`, () => {
      expect(pluginImportProblems(dir)).to.deep.equal([]);
    });
  }

  describe('the checker', () => {
    let dir: string;
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-imports-'));
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write('package.json', JSON.stringify({ name: '@platform/fixture', dependencies: { '@platform/core': '0.1.0', '@platform/query-engine': '0.1.0', '@platform/i18n': '0.1.0' } }));
      // A definition without imports of its own, so it loads from a temporary folder.
      write('index.ts', "export default { name: 'fixture', requires: ['query-engine'] };\n");
      write(
        'src/ok.ts',
        [
          "import { definePlugin } from '@platform/core';",
          "import type { Entity } from '@platform/query-engine';",
          "export type { FindParams } from '@platform/query-engine';",
          "declare module '@platform/core' { interface ServiceMap { x: 1 } }",
          'export const used = [definePlugin, null as unknown as Entity];',
        ].join('\n'),
      );
      write('src/undeclared.ts', "import type { LocalesService } from '@platform/i18n';\nexport type L = LocalesService;\n");
      write('src/unlisted.ts', "export type W = import('@platform/relations').RelationWriter;\nexport const load = () => import('@platform/draft-publish');\n");
      write('src/deep.ts', "export { parseId } from '@platform/query-engine/src/ids';\nconst core = require('@platform/core/src/errors');\nexport default core;\n");
      // Tests may import anything.
      write('test/anything.spec.ts', "import '@platform/relations';\n");
      write('src/anything.spec.ts', "import '@platform/relations';\n");
    });
    after(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('reads every kind of module reference in a source', () => {
      const text = [
        "import a from 'a';",
        "import type { B } from 'b';",
        "import 'c';",
        "export * from 'd';",
        "export type { E } from 'e';",
        "import f = require('f');",
        "const g = require('g');",
        "const h = import('h');",
        "type I = import('i').I;",
        "declare module 'j' {}",
        "const notAModule = 'k';",
      ].join('\n');
      expect(moduleSpecifiers('x.ts', text)).to.deep.equal(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    });

    it('reports undeclared, unlisted and deep imports, and skips tests and specs', () => {
      expect(pluginImportProblems(dir)).to.deep.equal([
        'src/deep.ts: "@platform/core/src/errors" is a deep import (import "@platform/core")',
        'src/deep.ts: "@platform/query-engine/src/ids" is a deep import (import "@platform/query-engine")',
        'src/undeclared.ts: "@platform/i18n" names plugin "i18n", which "fixture" does not declare in requires or optional',
        'src/unlisted.ts: "@platform/draft-publish" is not in package.json dependencies or peerDependencies',
        'src/unlisted.ts: "@platform/draft-publish" names plugin "draft-publish", which "fixture" does not declare in requires or optional',
        'src/unlisted.ts: "@platform/relations" is not in package.json dependencies or peerDependencies',
        'src/unlisted.ts: "@platform/relations" names plugin "relations", which "fixture" does not declare in requires or optional',
      ]);
    });
  });
});
