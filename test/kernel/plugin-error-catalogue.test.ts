/**
 * Each plugin's error catalogue: the `errors` table of its definition (from
 * definePluginErrors) lists exactly the codes its sources raise through `errors.boot(...)`,
 * `errors.internal(...)` and `errors.request(...)`, each with the kind it is raised as; the
 * codes are UPPER_SNAKE and stamped `<plugin>.<CODE>`; and no plugin raises a kernel
 * BootError or InternalError with a code of its own making.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assert, expect } from 'chai';
import { ApplicationError, BootError, InternalError, type PluginDefinition, type PluginErrors, type PluginErrorTable } from '@platform/core';

const REPO = path.resolve(__dirname, '..', '..');
const PLUGINS = path.join(REPO, 'plugins');

/** The plugin's `.ts` files, without tests, specs and their fixtures. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'test'].includes(entry.name) ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !/\.(spec|test)\.ts$/.test(entry.name) ? [full] : [];
  });
}

interface Source {
  file: string;
  text: string;
}

/** `<kind> <CODE>` for every `errors.<kind>('<CODE>'` in the sources, sorted, without repeats. */
function raisedCodes(sources: Source[]): string[] {
  const raised = new Set<string>();
  for (const { text } of sources) {
    for (const match of text.matchAll(/\berrors\.(boot|internal|request)\(\s*'([^']*)'/g)) raised.add(`${match[1]} ${match[2]}`);
  }
  return [...raised].sort();
}

/**
 * Raising calls the catalogue cannot read: a code that is not a string literal, a helper under
 * another name than `errors`, or a kernel error built with a literal code.
 */
function unreadableRaises(sources: Source[]): string[] {
  const out: string[] = [];
  for (const { file, text } of sources) {
    const at = (index: number) => `${path.relative(REPO, file)}:${text.slice(0, index).split('\n').length}`;
    for (const match of text.matchAll(/\berrors\.(boot|internal|request)\((?!\s*')/g)) out.push(`${at(match.index)} errors.${match[1]}( without a literal code`);
    for (const match of text.matchAll(/\b(\w+)\.(boot|internal|request)\(\s*['"`]/g)) {
      if (match[1] !== 'errors') out.push(`${at(match.index)} ${match[1]}.${match[2]}( instead of errors.${match[2]}(`);
    }
    for (const match of text.matchAll(/\bnew (BootError|InternalError)\(\s*['"`]([^'"`]*)/g)) out.push(`${at(match.index)} new ${match[1]}('${match[2]}'`);
  }
  return out;
}

/** The PluginErrors object (definePluginErrors' result) whose table is the definition's. */
function helpersOf(sources: Source[], table: PluginErrorTable): PluginErrors<PluginErrorTable>[] {
  const found: PluginErrors<PluginErrorTable>[] = [];
  for (const { file, text } of sources) {
    if (!text.includes('definePluginErrors(')) continue;
    for (const value of Object.values(require(file) as Record<string, unknown>)) {
      if (value && typeof value === 'object' && (value as PluginErrors<PluginErrorTable>).table === table) found.push(value as PluginErrors<PluginErrorTable>);
    }
  }
  return found;
}

const plugins = fs
  .readdirSync(PLUGINS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(PLUGINS, entry.name, 'index.ts')))
  .map((entry) => {
    const dir = path.join(PLUGINS, entry.name);
    const definition = (require(path.join(dir, 'index.ts')) as { default: PluginDefinition }).default;
    const sources = sourceFiles(dir).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
    return { folder: entry.name, definition, sources };
  });

describe('plugin error catalogues', function () {
  this.timeout(30000);

  it('reads every plugin package under plugins/', () => {
    expect(plugins.map((p) => p.folder)).to.deep.equal(fs.readdirSync(PLUGINS).filter((name) => fs.existsSync(path.join(PLUGINS, name, 'package.json'))));
  });

  for (const { folder, definition, sources } of plugins) {
    const table = definition.errors;
    describe(`${definition.name} (plugins/${folder})`, () => {
      it('raises errors only through its own helpers, each with a literal code, and never builds a kernel error with a code', () => {
        expect(unreadableRaises(sources)).to.deep.equal([]);
      });

      if (table === undefined) {
        it('has no error table, and raises no plugin error', () => {
          expect(raisedCodes(sources)).to.deep.equal([]);
          expect(sources.filter(({ text }) => text.includes('definePluginErrors(')).map(({ file }) => path.relative(REPO, file))).to.deep.equal([]);
        });
        return;
      }

      it('declares exactly the codes it raises, each raised as the kind it is declared', () => {
        const declared = Object.entries(table)
          .map(([code, spec]) => `${spec.kind} ${code}`)
          .sort();
        expect(raisedCodes(sources)).to.deep.equal(declared);
      });

      it('names its codes in UPPER_SNAKE', () => {
        const codes = Object.keys(table);
        expect(codes.filter((code) => !/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(code))).to.deep.equal([]);
      });

      it('raises each code stamped "<plugin>.<CODE>", as the class of its kind', () => {
        const helpers = helpersOf(sources, table);
        expect(helpers.length).to.equal(1);
        const [errors] = helpers;
        assert.exists(errors);
        expect(errors.plugin).to.equal(definition.name);
        for (const [code, spec] of Object.entries(table)) {
          const made = spec.kind === 'boot' ? errors.boot(code as never, 'm') : spec.kind === 'internal' ? errors.internal(code as never, 'm') : errors.request(code as never, 'm');
          const type = { boot: BootError, internal: InternalError, request: ApplicationError }[spec.kind];
          expect({ code: made.code, message: made.message, isKind: made instanceof type }).to.deep.equal({ code: `${definition.name}.${code}`, message: 'm', isKind: true });
          if (spec.kind === 'request') expect({ status: (made as ApplicationError).status, name: made.name }).to.deep.equal({ status: spec.status, name: spec.name });
        }
      });
    });
  }

  describe('the scanners', () => {
    const fixture: Source[] = [
      {
        file: path.join(PLUGINS, 'x', 'a.ts'),
        text: [
          "throw errors.boot('ONE', 'm');",
          "throw errors.internal(\n  'TWO', 'm');",
          "throw errors.request('THREE', 'm', {});",
          "throw errors.boot('ONE', 'again');",
          'throw errors.boot(code, m);',
          "throw pluginErrors.internal('FOUR', 'm');",
          "throw new BootError('PLUGIN_LOAD', 'm');",
          "throw new InternalError('X', 'm');",
          "throw new BootError(code, 'm');",
        ].join('\n'),
      },
    ];

    it('read the kind and code of every raise, once each', () => {
      expect(raisedCodes(fixture)).to.deep.equal(['boot ONE', 'internal TWO', 'request THREE']);
    });

    it('find the raises the catalogue cannot read, with file and line', () => {
      expect(unreadableRaises(fixture)).to.deep.equal([
        'plugins/x/a.ts:6 errors.boot( without a literal code',
        'plugins/x/a.ts:7 pluginErrors.internal( instead of errors.internal(',
        "plugins/x/a.ts:8 new BootError('PLUGIN_LOAD'",
        "plugins/x/a.ts:9 new InternalError('X'",
      ]);
    });
  });
});
