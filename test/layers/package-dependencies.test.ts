/**
 * A plugin's package.json says the same as its definition: every plugin it `requires` is a
 * hard dependency, and a plugin it does not require is never one. A plugin it only uses when
 * enabled (`optional`) and imports (types, mostly) is an optional peer dependency; a plugin it
 * neither requires nor declares optional is no dependency at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { PluginDefinition } from '@platform/core';

const PLUGINS = path.resolve(__dirname, '..', '..', 'plugins');
const SCOPE = '@platform/';

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const plugins = fs.readdirSync(PLUGINS).filter((name) => fs.existsSync(path.join(PLUGINS, name, 'package.json')));
const pluginPackages = new Map(plugins.map((dir) => [(JSON.parse(fs.readFileSync(path.join(PLUGINS, dir, 'package.json'), 'utf8')) as PackageJson).name, dir]));

/** The plugins among a package's dependencies of one kind, by plugin name (the kernel is none). */
function pluginDeps(deps: Record<string, string> | undefined): string[] {
  return Object.keys(deps ?? {})
    .filter((name) => name.startsWith(SCOPE) && pluginPackages.has(name))
    .map((name) => (require(path.join(PLUGINS, pluginPackages.get(name) as string)) as { default: PluginDefinition }).default.name)
    .sort();
}

describe('Plugin package.json dependencies match requires and optional', () => {
  for (const dir of plugins) {
    it(dir, () => {
      const pkg = JSON.parse(fs.readFileSync(path.join(PLUGINS, dir, 'package.json'), 'utf8')) as PackageJson;
      const definition = (require(path.join(PLUGINS, dir)) as { default: PluginDefinition }).default;
      const requires = [...(definition.requires ?? [])].sort();
      const optional = new Set(definition.optional ?? []);
      expect(pluginDeps(pkg.dependencies), 'dependencies = requires').to.deep.equal(requires);
      for (const peer of pluginDeps(pkg.peerDependencies)) {
        expect(optional.has(peer), `peer ${peer} is declared optional`).to.equal(true);
        const name = [...pluginPackages].find(([, folder]) => (require(path.join(PLUGINS, folder)) as { default: PluginDefinition }).default.name === peer)?.[0] as string;
        expect(pkg.peerDependenciesMeta?.[name]?.optional, `peer ${peer} is optional in peerDependenciesMeta`).to.equal(true);
      }
    });
  }
});
