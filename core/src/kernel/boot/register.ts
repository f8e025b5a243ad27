/**
 * The register phase: every enabled plugin gets its context, its services, controllers,
 * policies and middlewares are registered and its `register` step runs (in dependency order),
 * then the kernel's `register` hook; the app's `api/` files are registered; plugins extend the
 * schemas and the models are built. Nothing touches the database yet.
 */
import { BootError } from '../../errors';
import { loadAppApiFiles, loadLifecycleFiles } from '../../app/app-files';
import { registerApp } from '../../app/register-app';
import { loadAppLifecycle, runAppStep } from '../../app/app-lifecycle';
import { addTimestamps } from '../../schema/add-timestamps';
import { collectAttributeTypes } from '../../schema/attribute-types';
import { loadAppSchemas } from '../../schema/load-schemas';
import { validateAttributes, validateWrittenSchemas } from '../../schema/validate-schemas';
import { buildModels } from '../../model/build-models';
import type { KernelState, StartedPlugin } from '../kernel-state';
import type { PluginDefinition } from '../plugin';
import { createPluginContext } from '../plugin-context';
import { createPluginHost } from '../plugin-host';
import { registerAppModules } from '../app-modules';
import type { Platform } from '../platform';
import { pluginsFileName, resolvePluginSet } from './configure';
import { MissingSecretError, missingSecrets } from '../secrets';

export type AttributeTypes = ReturnType<typeof collectAttributeTypes>;

/** Runs a plugin's lifecycle step; what it throws stops start-up naming the plugin and the step. */
export async function runStep(plugin: PluginDefinition, step: string, fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof BootError) throw error;
    throw new BootError('PLUGIN_STEP', `Plugin "${plugin.name}" failed in ${step}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Every plugin's `register`. A secret missing under `platform start` does not stop the others:
 * each plugin asks for its own, and one error names them all. A failure after one went missing
 * may follow from it (a plugin whose register stopped half-way): the missing secrets are named.
 */
async function registerPlugins(state: KernelState): Promise<void> {
  const missing: MissingSecretError[] = [];
  for (const { definition, context } of state.plugins) {
    try {
      await runStep(definition, 'register', () => definition.register?.(context));
    } catch (error) {
      if (error instanceof MissingSecretError) missing.push(error);
      else if (missing.length > 0) throw missingSecrets(missing, tolerated(state, missing));
      else throw error;
    }
  }
  if (missing.length > 0) throw missingSecrets(missing, tolerated(state, missing));
}

/** The missing secrets whose plugins caught the error and carried on (the admin panel's, for one). */
function tolerated(state: KernelState, stopped: MissingSecretError[]): MissingSecretError[] {
  return state.missingSecrets.filter((error) => !stopped.includes(error));
}

function validatePluginConfigs(state: KernelState, ordered: PluginDefinition[]): void {
  for (const plugin of ordered) {
    try {
      plugin.config?.validate?.(state.config(`plugin.${plugin.name}`, {}));
    } catch (error) {
      throw new BootError('CONFIG_PLUGINS', `${pluginsFileName(state)}: "${plugin.name}.config" is invalid: ${(error as Error).message}`, { cause: error });
    }
  }
}

function registerPluginParts(state: KernelState, { definition: plugin, context }: StartedPlugin): void {
  for (const [key, factory] of Object.entries(plugin.services ?? {})) state.services.add(`plugin::${plugin.name}.${key}`, factory(context));
  for (const [key, factory] of Object.entries(plugin.controllers ?? {})) state.controllers.add(`plugin::${plugin.name}.${key}`, factory(context));
  for (const [key, policy] of Object.entries(plugin.policies ?? {})) state.policies.add(`plugin::${plugin.name}.${key}`, policy);
  for (const [key, mw] of Object.entries(plugin.middlewares ?? {})) state.middlewares.add(`plugin::${plugin.name}.${key}`, mw);
}

/** Loads the app's schemas and the plugins' content-types; checks the names as written. */
function loadSchemas(state: KernelState): void {
  state.schemas = loadAppSchemas(state.appDir);
  for (const { definition: plugin } of state.plugins) {
    for (const [key, { schema }] of Object.entries(plugin.contentTypes ?? {})) {
      const uid = `plugin::${plugin.name}.${key}`;
      state.schemas.contentTypes.set(uid, { uid, namespace: 'plugin', apiName: plugin.name, schema, source: { file: `plugin ${plugin.name}` } });
    }
  }
  // Written names are checked before plugins extend the schemas (an added `locale` is
  // allowed, a written one is not); every attribute, added ones included, after.
  validateWrittenSchemas(state.schemas);
}

/** The module names the plugins lend app code; two plugins lending one name stop start-up. */
function appModules(plugins: StartedPlugin[]): Map<string, string> {
  const modules = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const { definition } of plugins) {
    for (const [name, file] of Object.entries(definition.appCode?.modules ?? {})) {
      const owner = owners.get(name);
      if (owner) throw new BootError('PLUGIN_DUPLICATE', `Plugins "${owner}" and "${definition.name}" both lend app code the module "${name}"`);
      owners.set(name, definition.name);
      modules.set(name, file);
    }
  }
  return modules;
}

export async function registerPhase(state: KernelState, platform: Platform): Promise<AttributeTypes> {
  const ordered = resolvePluginSet(state, true);
  validatePluginConfigs(state, ordered);
  const host = createPluginHost(platform, {
    lifecycles: () => {
      state.lifecyclesClaimed = true;
      return state.lifecycleFiles;
    },
  });
  state.plugins = ordered.map((definition) => ({ definition, context: createPluginContext(host, definition) }));

  // The modules plugins lend app code resolve from here on, before any app file loads.
  registerAppModules(state.appDir, appModules(state.plugins));
  loadSchemas(state);
  const appApis = loadAppApiFiles(state.appDir);
  state.appLifecycle = loadAppLifecycle(state.appDir);
  state.lifecycleFiles = loadLifecycleFiles(state.schemas);

  for (const plugin of state.plugins) registerPluginParts(state, plugin);
  await registerPlugins(state);
  await state.hooks.register.promise();
  for (const { definition, context } of state.plugins) {
    const scope = definition.appCode?.scope;
    if (scope) await runStep(definition, 'appCode.scope', async () => Object.assign(state.appArgs, await scope(context, platform)));
  }
  await runAppStep(state.appLifecycle, 'register', state.appArgs);
  registerApp(
    {
      appDir: state.appDir,
      appArgs: state.appArgs,
      contentTypes: state.schemas.contentTypes.values(),
      services: state.services,
      controllers: state.controllers,
      policies: state.policies,
      middlewares: state.middlewares,
      middlewareFactories: state.middlewareFactories,
      plugins: state.plugins,
      disabledPlugins: state.disabledPlugins,
      pluginsFile: pluginsFileName(state),
      addRoutes: (routes) => state.addRoutes(routes),
    },
    appApis,
  );

  addTimestamps(state.schemas);
  state.hooks.extendSchemas.call(state.schemas);
  const attributeTypes = collectAttributeTypes(state.plugins.map((p) => p.definition));
  validateAttributes(state.schemas, attributeTypes);
  state.modelRegistry = buildModels(state.schemas, attributeTypes);
  state.hooks.modelsBuilt.call(state.modelRegistry);
  return attributeTypes;
}
