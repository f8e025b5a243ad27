/**
 * Finds the provider `upload.config.provider` names and initializes it with `providerOptions`:
 * `local` (built in), a module object given in `config/plugins.ts`, a path from the app folder,
 * or a package name looked up from the app folder as Strapi v4 does
 * (`@strapi/provider-upload-<name>`, `strapi-provider-upload-<name>`, then `<name>` itself).
 */
import path from 'node:path';
import { isPlainObject, loadUserModule } from '@platform/core';
import { errors } from '../errors';
import { localProvider } from './local';
import type { ProviderModule, UploadProvider } from './types';

function isProviderModule(value: unknown): value is ProviderModule {
  return (isPlainObject(value) || typeof value === 'function') && typeof (value as { init?: unknown }).init === 'function';
}

function locate(name: string, appDir: string): string {
  if (name.startsWith('.') || path.isAbsolute(name)) return path.resolve(appDir, name);
  for (const candidate of [`@strapi/provider-upload-${name}`, `strapi-provider-upload-${name}`, name]) {
    try {
      return require.resolve(candidate, { paths: [appDir] });
    } catch {
      /* try the next name */
    }
  }
  throw errors.boot('PROVIDER_INVALID', `upload: provider "${name}" was not found (looked for @strapi/provider-upload-${name}, strapi-provider-upload-${name} and ${name} from ${appDir})`);
}

function loadModule(provider: string | ProviderModule, appDir: string): ProviderModule {
  if (typeof provider !== 'string') return provider;
  if (provider === 'local') return localProvider;
  const file = locate(provider, appDir);
  let loaded: unknown;
  try {
    loaded = loadUserModule(file, { fresh: false });
  } catch (error) {
    throw errors.boot('PROVIDER_INVALID', `upload: provider "${provider}" (${file}) failed to load: ${(error as Error).message}`, { cause: error });
  }
  const candidate = isProviderModule(loaded) ? loaded : (loaded as { default?: unknown } | null)?.default;
  if (!isProviderModule(candidate)) throw errors.boot('PROVIDER_INVALID', `upload: provider "${provider}" (${file}) does not export { init(providerOptions) }`);
  return candidate;
}

export async function initProvider(provider: string | ProviderModule, providerOptions: Record<string, unknown>, appDir: string): Promise<UploadProvider> {
  const name = typeof provider === 'string' ? provider : 'custom';
  const module = loadModule(provider, appDir);
  const instance = await module.init(providerOptions, { appDir });
  if (!instance || typeof instance.delete !== 'function' || (typeof instance.upload !== 'function' && typeof instance.uploadStream !== 'function')) {
    throw errors.boot('PROVIDER_INVALID', `upload: provider "${name}" init() must return an object with upload or uploadStream, and delete`);
  }
  return instance;
}

/** The name stored in `files.provider`: the configured name, as Strapi stores it. */
export function providerName(provider: string | ProviderModule): string {
  if (typeof provider === 'string') return provider;
  const named = (provider as { name?: unknown }).name;
  return typeof named === 'string' && named ? named : 'custom';
}
