import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { requireTypeScript, typeScriptCandidate } from './compile-typescript';

describe('TypeScript files of the app, compiled as they are loaded', () => {
  let dir: string;
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'platform-compile-')));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs a file with types, enums and a default export, and the TypeScript files it imports', () => {
    write(
      'main.ts',
      [
        "import helper, { type Shape } from './helper';",
        "import { twice } from './lib';",
        "import data from './data.json';",
        "import path from 'node:path';",
        'enum Size { Small = 1, Large = 2 }',
        'const shape: Shape = { size: Size.Large };',
        'export default { value: twice(helper(shape.size)), data, base: path.basename("/a/b.txt") };',
      ].join('\n'),
    );
    write('helper.ts', 'export interface Shape { size: number }\nexport default (n: number): number => n + 1;\n');
    write('lib/index.ts', "export { twice } from './twice.ts';\n");
    write('lib/twice.ts', 'export const twice = (n: number) => n * 2;\n');
    write('data.json', '{ "answer": 42 }');
    const loaded = requireTypeScript(path.join(dir, 'main.ts')) as { default: unknown };
    expect(loaded.default).to.deep.equal({ value: 6, data: { answer: 42 }, base: 'b.txt' });
  });

  it('lets two files import each other, and a TypeScript file import JavaScript', () => {
    write('a.ts', "import { b } from './b';\nimport { js } from './plain';\nexport const a = 'a';\nexport const seen = () => [b(), js];\n");
    write('b.ts', "import * as a from './a';\nexport const b = () => a.a;\n");
    write('plain.js', "exports.js = 'from js';\n");
    const loaded = requireTypeScript(path.join(dir, 'a.ts')) as { seen(): unknown };
    expect(loaded.seen()).to.deep.equal(['a', 'from js']);
  });

  it('reports a syntax error with the file it is in, and runs the file once it is fixed', () => {
    const file = path.join(dir, 'broken.ts');
    write('broken.ts', 'export default {;\n');
    expect(() => requireTypeScript(file)).to.throw(/broken\.ts:1:16: ERROR: Expected identifier but found ";"/);
    write('broken.ts', 'export default 1;\n');
    expect((requireTypeScript(file) as { default: unknown }).default).to.equal(1);
  });

  it('finds `./name` as name.ts or name/index.ts, as tsc does', () => {
    write('one.ts', '');
    write('two/index.ts', '');
    expect(typeScriptCandidate(path.join(dir, 'one'))).to.equal(path.join(dir, 'one.ts'));
    expect(typeScriptCandidate(path.join(dir, 'two'))).to.equal(path.join(dir, 'two', 'index.ts'));
    expect(typeScriptCandidate(path.join(dir, 'three'))).to.equal(null);
  });
});
