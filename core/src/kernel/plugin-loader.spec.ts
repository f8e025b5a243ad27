import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { bootError } from '../../../test/helpers/boot-error';
import { installedPlugins, resolvePlugins } from './plugin-loader';
import { definePlugin } from './plugin';

const FILES = { plugins: '/app/config/plugins.ts' };

describe('resolvePlugins', () => {
  let appDir: string;
  before(() => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-loader-'));
    fs.mkdirSync(path.join(appDir, 'plugins-local', 'stamp'), { recursive: true });
    fs.writeFileSync(path.join(appDir, 'plugins-local', 'stamp', 'index.js'), `module.exports = { name: 'stamp', requires: ['search'], config: { default: { a: 1, b: 2 } } };`);
    fs.writeFileSync(path.join(appDir, 'plugins-local', 'misnamed.js'), `module.exports = { name: 'other' };`);
    fs.writeFileSync(path.join(appDir, 'plugins-local', 'not-a-plugin.js'), `module.exports = 42;`);
    // Plugin packages installed in the app: the `platform` field of their package.json says so
    // (and may give the plugin a name other than the package's).
    const install = (packageName: string, platform: Record<string, string>, name: string) => {
      const dir = path.join(appDir, 'node_modules', ...packageName.split('/'));
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: packageName, version: '1.0.0', main: 'index.js', platform }));
      fs.writeFileSync(path.join(dir, 'index.js'), `module.exports = { name: ${JSON.stringify(name)} };`);
    };
    install('@acme/locales', { kind: 'plugin' }, 'locales');
    install('acme-search-engine', { kind: 'plugin', name: 'search' }, 'search');
    install('@acme/drafts', { kind: 'plugin' }, 'drafts');
    // The app declares its plugins the way it declares any package: as dependencies. `qs` is
    // no plugin, and a dependency that is not installed is passed over.
    const dependencies = { '@acme/locales': '1.0.0', qs: '6.17.1', 'acme-search-engine': '1.0.0', '@acme/drafts': '1.0.0', 'not-installed-anywhere': '1.0.0' };
    fs.writeFileSync(path.join(appDir, 'package.json'), JSON.stringify({ name: 'an-app', dependencies }));
  });
  after(() => fs.rmSync(appDir, { recursive: true, force: true }));

  const installedBuiltIns = () => resolvePlugins(appDir, {}, {}, []).plugins.map((p) => p.name);

  it("finds the plugin packages among the app's dependencies, in the order the manifest lists them", () => {
    const from = [appDir, path.resolve(__dirname)];
    expect(installedPlugins(appDir)).to.deep.equal([
      { name: 'locales', packageName: '@acme/locales', from },
      { name: 'search', packageName: 'acme-search-engine', from },
      { name: 'drafts', packageName: '@acme/drafts', from },
    ]);
  });

  it('turns every installed plugin on by default', () => {
    expect(installedBuiltIns()).to.deep.equal(['locales', 'search', 'drafts']);
  });

  it("takes the distribution's set for an app folder without a package.json (the nearest one at or above the distribution folder)", () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-site-'));
    const distribution = path.join(appDir, 'bin');
    fs.mkdirSync(distribution, { recursive: true });
    try {
      expect(installedPlugins(site, distribution).map((p) => p.name)).to.deep.equal(['locales', 'search', 'drafts']);
      expect(installedPlugins(site, site)).to.deep.equal([]);
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
  });

  it("takes the distribution's set for an app whose package.json lists no plugin package (a Strapi project's)", () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-strapi-project-'));
    const distribution = path.join(appDir, 'bin');
    fs.mkdirSync(distribution, { recursive: true });
    try {
      fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'backend', dependencies: { '@strapi/strapi': '4.26.2', '@strapi/plugin-i18n': '4.26.2' } }));
      expect(installedPlugins(project, distribution).map((p) => p.name)).to.deep.equal(['locales', 'search', 'drafts']);
      // run from its own folder, it has no distribution but itself
      expect(installedPlugins(project, project)).to.deep.equal([]);
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });

  it('leaves out a plugin switched off with enabled: false or false, and reports it as disabled', () => {
    const resolved = resolvePlugins(appDir, { plugins: { locales: { enabled: false }, drafts: false } }, FILES, []);
    expect(resolved.plugins.map((p) => p.name)).to.deep.equal(['search']);
    expect([...resolved.disabled].sort()).to.deep.equal(['drafts', 'locales']);
    expect(resolved.pluginConfig).to.not.have.property('locales');
  });

  it('loads a local plugin with resolve, merging its config over the defaults', () => {
    const resolved = resolvePlugins(appDir, { plugins: { stamp: { resolve: './plugins-local/stamp', config: { b: 3 } } } }, FILES, []);
    const stamp = resolved.plugins.find((p) => p.name === 'stamp');
    expect(stamp?.requires).to.deep.equal(['search']);
    expect(resolved.pluginConfig.stamp).to.deep.equal({ a: 1, b: 3 });
  });

  it('adds plugins given in code unless config switches them off', () => {
    const inCode = definePlugin({ name: 'in-code' });
    expect(resolvePlugins(appDir, {}, {}, [inCode]).plugins).to.include(inCode);
    expect(resolvePlugins(appDir, { plugins: { 'in-code': { enabled: false } } }, FILES, [inCode]).plugins).to.not.include(inCode);
  });

  it('ignores a plugin we do not have (no resolve) with a warning naming the key and the closest known plugin', () => {
    const resolved = resolvePlugins(appDir, { plugins: { draftss: { enabled: true }, email: { config: { provider: 'sendmail' } }, sitemap: false, serch: { enabled: false } } }, FILES, []);
    expect(resolved.plugins.map((p) => p.name)).to.deep.equal(['locales', 'search', 'drafts']);
    expect(resolved.pluginConfig).to.not.have.any.keys('draftss', 'email');
    expect(resolved.warnings).to.deep.equal([
      '/app/config/plugins.ts: plugin "draftss" is not installed (no dependency of the app\'s package.json provides it) and has no "resolve"; its entry is ignored (the closest known plugin is "drafts")',
      '/app/config/plugins.ts: plugin "email" is not installed (no dependency of the app\'s package.json provides it) and has no "resolve"; its entry is ignored (the closest known plugin is "search")',
      // switched off: a misspelling leaves the plugin it meant on (an unknown name far from any is left alone)
      '/app/config/plugins.ts: plugin "serch" is not installed, so its "enabled: false" switches nothing off (the closest installed plugin is "search")',
    ]);
    expect(resolvePlugins(appDir, { plugins: { locales: true } }, FILES, []).warnings).to.deep.equal([]);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an entry that is neither a boolean nor an object', { stamp: 'yes' }, '/app/config/plugins.ts: key "stamp" must be a boolean or an object'],
    ['a non-boolean enabled', { locales: { enabled: 'no' } }, '/app/config/plugins.ts: "locales.enabled" must be a boolean'],
    ['a non-string resolve', { stamp: { resolve: 42 } }, '/app/config/plugins.ts: "stamp.resolve" must be a string'],
    ['a config that is not an object', { locales: { config: [] } }, '/app/config/plugins.ts: "locales.config" must be an object'],
    ['a key that does not match the plugin name', { stamp: { resolve: './plugins-local/misnamed' } }, '/app/config/plugins.ts: plugin key "stamp" loads a plugin named "other"'],
    [
      'a module that is not a plugin definition',
      { stamp: { resolve: './plugins-local/not-a-plugin' } },
      '/app/config/plugins.ts: plugin "stamp" (./plugins-local/not-a-plugin) must export a plugin definition (definePlugin({ name, ... }))',
    ],
  ];
  for (const [what, plugins, message] of cases) {
    it(`rejects ${what}, naming the file and key`, () => {
      const error = bootError(() => resolvePlugins(appDir, { plugins }, FILES, []));
      expect(error.message).to.equal(message);
    });
  }

  describe('a resolve folder written for another system (pluginFolders)', () => {
    let foreign: string;
    before(() => {
      foreign = path.join(appDir, 'plugins-local', 'foreign');
      fs.mkdirSync(foreign, { recursive: true });
      fs.writeFileSync(path.join(foreign, 'other-server.js'), 'module.exports = {};');
    });
    // A plugin given in code that reads folders holding `other-server.js`.
    const reader = definePlugin({
      name: 'reader',
      pluginFolders: ({ name, folder }) => (fs.existsSync(path.join(folder, 'other-server.js')) ? definePlugin({ name: name === 'renamed' ? 'wrong' : name, requires: ['reader'] }) : undefined),
    });

    it('is loaded as the definition the adapter returns, the folder as the kernel found it', () => {
      const seen: unknown[] = [];
      const spy = definePlugin({ name: 'spy', pluginFolders: (folder) => void seen.push(folder) });
      const resolved = resolvePlugins(appDir, { plugins: { foreign: { resolve: './plugins-local/foreign' } } }, FILES, [spy, reader]);
      expect(resolved.plugins.map((p) => p.name)).to.deep.equal(['locales', 'search', 'drafts', 'foreign', 'spy', 'reader']);
      expect(resolved.plugins.find((p) => p.name === 'foreign')?.requires).to.deep.equal(['reader']);
      expect(seen).to.deep.equal([{ name: 'foreign', folder: foreign, appDir, file: FILES.plugins }]);
    });

    it('leaves a platform plugin folder to the kernel when no adapter claims it', () => {
      const resolved = resolvePlugins(appDir, { plugins: { stamp: { resolve: './plugins-local/stamp' } } }, FILES, [reader]);
      expect(resolved.plugins.find((p) => p.name === 'stamp')?.requires).to.deep.equal(['search']);
    });

    it('rejects a definition named otherwise than the key, naming the adapter', () => {
      fs.cpSync(foreign, path.join(appDir, 'plugins-local', 'renamed'), { recursive: true });
      const error = bootError(() => resolvePlugins(appDir, { plugins: { renamed: { resolve: './plugins-local/renamed' } } }, FILES, [reader]));
      expect(error.message).to.equal('/app/config/plugins.ts: plugin key "renamed" loads a plugin named "wrong" (read by plugin "reader")');
    });

    it('rejects a folder that holds no plugin of either kind, naming the folder and the readers', () => {
      const empty = path.join(appDir, 'plugins-local', 'empty');
      fs.mkdirSync(empty, { recursive: true });
      const error = bootError(() => resolvePlugins(appDir, { plugins: { empty: { resolve: './plugins-local/empty' } } }, FILES, [reader]));
      expect(error.code).to.equal('PLUGIN_LOAD');
      expect(error.message).to.equal(
        `/app/config/plugins.ts: plugin "empty" resolves to the folder ${empty}, which holds no plugin: no platform plugin (a package.json "main" or an index file exporting definePlugin(...)), nor a plugin folder that the plugin "reader" reads`,
      );
    });
  });

  it('names the file, the plugin and the path of a plugin that cannot be loaded', () => {
    const error = bootError(() => resolvePlugins(appDir, { plugins: { stamp: { resolve: './plugins-local/nowhere' } } }, FILES, []));
    expect(error.code).to.equal('PLUGIN_LOAD');
    expect(error.message.startsWith('/app/config/plugins.ts: plugin "stamp" could not be loaded from "./plugins-local/nowhere": Cannot find module')).to.equal(true, error.message);
  });
});
