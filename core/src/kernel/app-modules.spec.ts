import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { registerAppModules } from './app-modules';

describe('modules plugins lend app code', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-app-modules-'));
    fs.writeFileSync(path.join(dir, 'lent.js'), 'module.exports = { lent: true };');
    fs.mkdirSync(path.join(dir, 'app', 'node_modules', 'dep'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'app', 'uses.js'), "module.exports = require('some-system/sdk');");
    fs.writeFileSync(path.join(dir, 'app', 'node_modules', 'dep', 'index.js'), "module.exports = require('some-system/sdk');");
    registerAppModules(path.join(dir, 'app'), new Map([['some-system/sdk', path.join(dir, 'lent.js')]]));
  });
  after(() => {
    registerAppModules(path.join(dir, 'app'), new Map());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("resolve by name from the app's own files, without installing anything", () => {
    expect(require(path.join(dir, 'app', 'uses.js'))).to.deep.equal({ lent: true });
  });

  it("are not lent to the packages in the app's node_modules, nor to files outside the app", () => {
    expect(() => require(path.join(dir, 'app', 'node_modules', 'dep', 'index.js'))).to.throw(/Cannot find module 'some-system\/sdk'/);
    fs.writeFileSync(path.join(dir, 'outside.js'), "module.exports = require('some-system/sdk');");
    expect(() => require(path.join(dir, 'outside.js'))).to.throw(/Cannot find module 'some-system\/sdk'/);
  });
});
