/**
 * Orders enabled plugins so that each starts after what it requires and after the optional
 * plugins it uses that are enabled. A missing required plugin or a cycle stops start-up with an
 * error that names the plugins; a missing optional one is simply not there.
 */
import { BootError } from '../errors';
import type { PluginDefinition } from './plugin';

/**
 * `disabled` names the plugins switched off in `config/plugins.ts` (and the file), so that a
 * dependency on one of them says so instead of suggesting it is not installed.
 */
/** Required plugins, then the optional ones that are enabled. */
function dependenciesOf(plugin: PluginDefinition, enabled: Map<string, PluginDefinition>): string[] {
  return [...(plugin.requires ?? []), ...(plugin.optional ?? []).filter((name) => enabled.has(name))];
}

export function orderPlugins(plugins: PluginDefinition[], disabled?: { names: Set<string>; file: string }): PluginDefinition[] {
  const byName = new Map<string, PluginDefinition>();
  for (const plugin of plugins) {
    if (byName.has(plugin.name)) throw new BootError('PLUGIN_DUPLICATE', `Plugin "${plugin.name}" is defined twice`);
    byName.set(plugin.name, plugin);
  }
  for (const plugin of plugins) {
    for (const dep of plugin.requires ?? []) {
      if (!byName.has(dep) && disabled?.names.has(dep)) {
        throw new BootError('PLUGIN_MISSING_DEPENDENCY', `Plugin "${plugin.name}" requires plugin "${dep}", which is disabled in ${disabled.file}`);
      }
      if (!byName.has(dep)) {
        throw new BootError('PLUGIN_MISSING_DEPENDENCY', `Plugin "${plugin.name}" requires plugin "${dep}", which is not enabled or not installed`);
      }
    }
  }
  const ordered: PluginDefinition[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: PluginDefinition, path: string[]) => {
    const current = state.get(plugin.name);
    if (current === 'done') return;
    if (current === 'visiting') {
      const cycle = [...path.slice(path.indexOf(plugin.name)), plugin.name];
      throw new BootError('PLUGIN_CYCLE', `Plugins depend on each other in a cycle: ${cycle.join(' -> ')}`);
    }
    state.set(plugin.name, 'visiting');
    for (const dep of dependenciesOf(plugin, byName)) {
      const dependency = byName.get(dep);
      if (dependency) visit(dependency, [...path, plugin.name]);
    }
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };
  // Visit in the order given so that independent plugins keep a stable, predictable order.
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}
