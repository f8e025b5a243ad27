import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadOneCopyPerVersion, packageFolderOf } from './same-version-packages';

describe('one copy of a package per version', () => {
  let dir: string;
  let restore: (() => void) | null = null;

  /** `<dir>/<owner>/node_modules/<name>`: a package whose module says which copy it is */
  function install(owner: string, name: string, manifest: Record<string, unknown>, files: Record<string, string> = {}): string {
    const folder = path.join(dir, owner, 'node_modules', name);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name, main: 'index.js', ...manifest }));
    fs.writeFileSync(path.join(folder, 'index.js'), `module.exports = { copy: ${JSON.stringify(owner)}, helper: require('./helper') };`);
    fs.writeFileSync(path.join(folder, 'helper.js'), `module.exports = ${JSON.stringify(owner)};`);
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, file), text);
    fs.mkdirSync(path.join(dir, owner), { recursive: true });
    fs.writeFileSync(path.join(dir, owner, 'index.js'), '');
    return folder;
  }
  const requireFrom = (owner: string) => createRequire(path.join(dir, owner, 'index.js'));

  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'platform-same-version-')));
  });
  afterEach(() => {
    restore?.();
    restore = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the package folder of a file, scoped or not', () => {
    const sep = path.sep;
    const root = `${sep}app${sep}node_modules${sep}`;
    expect(packageFolderOf(`${root}koa${sep}node_modules${sep}mime-types${sep}index.js`)).to.deep.equal({ folder: `${root}koa${sep}node_modules${sep}mime-types`, name: 'mime-types' });
    expect(packageFolderOf(`${root}@koa${sep}router${sep}lib${sep}router.js`)).to.deep.equal({ folder: `${root}@koa${sep}router`, name: '@koa/router' });
    expect(packageFolderOf(`${sep}app${sep}core${sep}index.js`)).to.equal(null);
  });

  it('loads a package installed twice at one version from the copy loaded first, modules inside it included', () => {
    install('a', 'twin', { version: '3.0.2' });
    install('b', 'twin', { version: '3.0.2' });
    restore = loadOneCopyPerVersion({});
    const first = requireFrom('a')('twin') as { copy: string; helper: string };
    const second = requireFrom('b')('twin') as { copy: string; helper: string };
    expect(second).to.equal(first);
    expect(first).to.deep.equal({ copy: 'a', helper: 'a' });
    expect(requireFrom('b')('twin/helper')).to.equal('a');
    expect(Object.keys(requireFrom('a').cache).filter((file) => file.includes(`${path.sep}b${path.sep}`))).to.deep.equal([]);
  });

  it('keeps apart another version, a package with peers, copies that name no version, a copy that lacks a file, and every copy when turned off', () => {
    install('a', 'twin', { version: '3.0.2' });
    install('b', 'twin', { version: '2.1.35' });
    install('a', 'peer-user', { version: '1.0.0', peerDependencies: { graphql: '^16' } });
    install('b', 'peer-user', { version: '1.0.0', peerDependencies: { graphql: '^16' } });
    install('a', 'unversioned', {});
    install('b', 'unversioned', {});
    install('a', 'patched', { version: '1.0.0' });
    install('b', 'patched', { version: '1.0.0' }, { 'extra.js': "module.exports = 'b';" });
    restore = loadOneCopyPerVersion({});
    for (const name of ['twin', 'peer-user', 'unversioned']) {
      expect((requireFrom('a')(name) as { copy: string }).copy, name).to.equal('a');
      expect((requireFrom('b')(name) as { copy: string }).copy, name).to.equal('b');
    }
    expect((requireFrom('a')('patched') as { copy: string }).copy).to.equal('a');
    expect((requireFrom('b')('patched') as { copy: string }).copy).to.equal('a');
    expect(requireFrom('b')('patched/extra')).to.equal('b');
    restore?.();
    restore = null;

    install('c', 'solo', { version: '1.0.0' });
    install('d', 'solo', { version: '1.0.0' });
    expect(loadOneCopyPerVersion({ PLATFORM_SAME_VERSION_PACKAGES: 'copies' })).to.equal(null);
    expect((requireFrom('c')('solo') as { copy: string }).copy).to.equal('c');
    expect((requireFrom('d')('solo') as { copy: string }).copy).to.equal('d');
  });
});
