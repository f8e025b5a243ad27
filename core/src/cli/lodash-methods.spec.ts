import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { answerLodashMethodsFromBuild } from './lodash-methods';

describe('lodash methods from the one-file build', () => {
  let dir: string;
  let restore: (() => void) | null = null;

  /** a package folder with its own lodash copy, whose build and method file say which they are */
  function packageWithOwnLodash(): string {
    const pkg = path.join(dir, 'pkg');
    const lodash = path.join(pkg, 'node_modules', 'lodash');
    fs.mkdirSync(lodash, { recursive: true });
    fs.writeFileSync(path.join(lodash, 'package.json'), JSON.stringify({ name: 'lodash', version: '0.0.0-test', main: 'lodash.js' }));
    fs.writeFileSync(path.join(lodash, 'lodash.js'), "module.exports = { kebabCase: function fromBuild() { return 'build'; }, VERSION: 'test' };");
    fs.writeFileSync(path.join(lodash, 'kebabCase.js'), "module.exports = function fromFile() { return 'file'; };");
    fs.writeFileSync(path.join(lodash, 'VERSION.js'), "module.exports = function versionFile() { return 'file'; };");
    fs.writeFileSync(path.join(lodash, 'onlyAFile.js'), "module.exports = function onlyAFile() { return 'file'; };");
    fs.writeFileSync(path.join(pkg, 'index.js'), '');
    return pkg;
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-lodash-'));
  });
  afterEach(() => {
    restore?.();
    restore = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers lodash/<method> with the method of the build the requiring module resolves, and loads no method file', () => {
    restore = answerLodashMethodsFromBuild({});
    const requireFromHere = createRequire(__filename);
    const lodash = requireFromHere('lodash/lodash.min') as Record<string, unknown>;
    const loadedBefore = new Set(Object.keys(requireFromHere.cache));
    expect(requireFromHere('lodash/snakeCase')).to.equal(lodash.snakeCase);
    expect(requireFromHere('lodash/isPlainObject')).to.equal(lodash.isPlainObject);
    expect(Object.keys(requireFromHere.cache).filter((file) => !loadedBefore.has(file))).to.deep.equal([]);

    const pkg = packageWithOwnLodash();
    const own = createRequire(path.join(pkg, 'index.js'));
    // a copy without the minified build: lodash.js
    expect((own('lodash/kebabCase') as () => string)()).to.equal('build');
    // and with it, the minified build
    fs.writeFileSync(path.join(pkg, 'node_modules', 'lodash', 'lodash.min.js'), "module.exports = { kebabCase: function fromMinified() { return 'minified'; } };");
    expect((createRequire(path.join(pkg, 'other.js'))('lodash/kebabCase') as () => string)()).to.equal('minified');
  });

  it('loads the file as Node does for what the build has no method for', () => {
    restore = answerLodashMethodsFromBuild({});
    const own = createRequire(path.join(packageWithOwnLodash(), 'index.js'));
    // a name the build lacks, and one that is no method there
    expect((own('lodash/onlyAFile') as () => string)()).to.equal('file');
    expect((own('lodash/VERSION') as () => string)()).to.equal('file');
    // deeper paths
    const requireFromHere = createRequire(__filename);
    expect(requireFromHere('lodash/fp/map')).to.be.a('function');
    expect(requireFromHere('lodash/templateSettings')).to.equal((requireFromHere('lodash/lodash.min') as { templateSettings: object }).templateSettings);
    // the template method reads the settings object, which a program may change
    const settings = requireFromHere('lodash/templateSettings') as { interpolate: RegExp };
    const template = requireFromHere('lodash/template') as (text: string) => (data: object) => string;
    const interpolate = settings.interpolate;
    try {
      settings.interpolate = /{{([\s\S]+?)}}/g;
      expect(template('hi {{ name }}')({ name: 'there' })).to.equal('hi there');
    } finally {
      settings.interpolate = interpolate;
    }
    expect(() => createRequire(path.join(dir, 'none.js'))('lodash/kebabCase')).to.throw(/Cannot find module 'lodash\/kebabCase'/);
  });

  it('is off with PLATFORM_LODASH_METHODS=files', () => {
    expect(answerLodashMethodsFromBuild({ PLATFORM_LODASH_METHODS: 'files' })).to.equal(null);
    const own = createRequire(path.join(packageWithOwnLodash(), 'index.js'));
    expect((own('lodash/kebabCase') as () => string)()).to.equal('file');
  });
});
