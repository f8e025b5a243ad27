/**
 * The first boot phase: the configuration files are read and checked, and the enabled plugins
 * found and ordered. `env`, `config()` and the server's port are known from here on; nothing
 * is started.
 */
import path from 'node:path';
import { BootError } from '../../errors';
import { withDefaults } from '../../config/defaults';
import { deepMerge, loadConfig, type ConfigTree } from '../../config/load-config';
import { validateKernelConfig } from '../../config/validate-config';
import type { KernelState } from '../kernel-state';
import type { PluginDefinition } from '../plugin';
import type { PluginCommandDefinition } from '../plugin-command';
import { resolvePlugins } from '../plugin-loader';
import { orderPlugins } from '../plugin-order';

/** A command a plugin adds to the `platform` command line. */
export interface PlatformCommand {
  name: string;
  plugin: string;
  definition: PluginCommandDefinition;
}

export function configure(state: KernelState): void {
  if (state.configured) return;
  const { options } = state;
  const loaded = loadConfig(state.appDir, state.envSource);
  state.envFn = loaded.env;
  state.configTree = deepMerge(withDefaults(loaded.tree), options.config ?? {}) as ConfigTree;
  // A database section given in code replaces the file's whole (never a mix of two clients).
  if (options.config?.database) state.configTree.database = options.config.database;
  state.configFiles = loaded.files;
  state.middlewareList = options.middlewares ?? loaded.middlewares;
  validateKernelConfig(state.configTree, state.configFiles, state.appDir);
  state.configured = true;
}

/** The app's file of plugins, as messages name it. */
export function pluginsFileName(state: KernelState): string {
  return state.configFiles.plugins ? path.relative(state.appDir, state.configFiles.plugins) : 'config/plugins';
}

/** The enabled plugins in start order, their configuration placed in the tree. */
export function resolvePluginSet(state: KernelState, warn: boolean): PluginDefinition[] {
  configure(state);
  const resolved = resolvePlugins(state.appDir, state.configTree, state.configFiles, state.options.plugins ?? [], state.options.distributionDir, state.envFn ?? undefined);
  if (warn) for (const warning of resolved.warnings) state.log.warn(warning);
  state.disabledPlugins = resolved.disabled;
  const ordered = orderPlugins(resolved.plugins, { names: resolved.disabled, file: pluginsFileName(state) });
  state.configTree.plugin = resolved.pluginConfig;
  return ordered;
}

/** The commands the enabled plugins add; two plugins adding one name stop here. */
export function pluginCommands(state: KernelState): PlatformCommand[] {
  const commands: PlatformCommand[] = [];
  for (const plugin of resolvePluginSet(state, false)) {
    for (const [name, definition] of Object.entries(plugin.commands ?? {})) {
      const taken = commands.find((c) => c.name === name);
      if (taken) throw new BootError('PLUGIN_COMMAND', `Plugins "${taken.plugin}" and "${plugin.name}" both add the command "${name}"`);
      commands.push({ name, plugin: plugin.name, definition: definition as PluginCommandDefinition });
    }
  }
  return commands;
}
