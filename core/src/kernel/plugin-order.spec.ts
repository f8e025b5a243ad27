import { expect } from 'chai';
import { bootError } from '../../../test/helpers/boot-error';
import { definePlugin, type PluginDefinition } from './plugin';
import { orderPlugins } from './plugin-order';

const plugin = (name: string, requires?: string[], optional?: string[]): PluginDefinition => definePlugin({ name, requires, optional });
const names = (plugins: PluginDefinition[]) => plugins.map((p) => p.name);

describe('orderPlugins', () => {
  it('starts each plugin after what it requires, whatever the given order', () => {
    const given = [plugin('c', ['b']), plugin('b', ['a']), plugin('a')];
    expect(names(orderPlugins(given))).to.deep.equal(['a', 'b', 'c']);
  });

  it('starts a plugin after the optional plugins it uses when they are enabled', () => {
    const given = [plugin('locales', ['engine'], ['drafts']), plugin('engine'), plugin('drafts', ['engine'])];
    expect(names(orderPlugins(given))).to.deep.equal(['engine', 'drafts', 'locales']);
  });

  it('starts a plugin without its optional plugins when they are absent', () => {
    const given = [plugin('locales', ['engine'], ['drafts']), plugin('engine')];
    expect(names(orderPlugins(given, { names: new Set(['drafts']), file: 'config/plugins.ts' }))).to.deep.equal(['engine', 'locales']);
  });

  it('names a cycle that goes through an optional dependency', () => {
    const error = bootError(() => orderPlugins([plugin('a', ['b']), plugin('b', [], ['a'])]));
    expect({ code: error.code, message: error.message }).to.deep.equal({ code: 'PLUGIN_CYCLE', message: 'Plugins depend on each other in a cycle: a -> b -> a' });
  });

  it('keeps the given order of independent plugins', () => {
    expect(names(orderPlugins([plugin('z'), plugin('x'), plugin('y')]))).to.deep.equal(['z', 'x', 'y']);
  });

  it('moves only what a dependency needs and leaves the rest in place', () => {
    const given = [plugin('locales', ['engine']), plugin('media'), plugin('engine'), plugin('search', ['engine', 'media'])];
    expect(names(orderPlugins(given))).to.deep.equal(['engine', 'locales', 'media', 'search']);
  });

  it('does not change the list it is given', () => {
    const given = [plugin('b', ['a']), plugin('a')];
    orderPlugins(given);
    expect(names(given)).to.deep.equal(['b', 'a']);
  });

  it('rejects a missing dependency, naming both plugins', () => {
    const error = bootError(() => orderPlugins([plugin('a'), plugin('search', ['media'])]));
    expect(error.code).to.equal('PLUGIN_MISSING_DEPENDENCY');
    expect(error.message).to.equal('Plugin "search" requires plugin "media", which is not enabled or not installed');
  });

  it('rejects a cycle, naming every plugin in it', () => {
    const error = bootError(() => orderPlugins([plugin('free'), plugin('a', ['c']), plugin('b', ['a']), plugin('c', ['b'])]));
    expect(error.code).to.equal('PLUGIN_CYCLE');
    expect(error.message).to.equal('Plugins depend on each other in a cycle: a -> c -> b -> a');
  });

  it('rejects a plugin that requires itself', () => {
    const error = bootError(() => orderPlugins([plugin('a', ['a'])]));
    expect(error.code).to.equal('PLUGIN_CYCLE');
    expect(error.message).to.equal('Plugins depend on each other in a cycle: a -> a');
  });

  it('rejects two plugins with the same name', () => {
    const error = bootError(() => orderPlugins([plugin('a'), plugin('a')]));
    expect(error.code).to.equal('PLUGIN_DUPLICATE');
    expect(error.message).to.equal('Plugin "a" is defined twice');
  });
});

describe('orderPlugins with disabled plugins', () => {
  it('says when a required plugin is disabled, naming both plugins and the file', () => {
    const error = bootError(() => orderPlugins([plugin('needs-locales', ['locales'])], { names: new Set(['locales']), file: 'config/plugins.ts' }));
    expect(error.code).to.equal('PLUGIN_MISSING_DEPENDENCY');
    expect(error.message).to.equal('Plugin "needs-locales" requires plugin "locales", which is disabled in config/plugins.ts');
  });
});
