/**
 * The plugin definition API. A plugin is one object that declares what it provides and what
 * it needs; the kernel starts plugins in dependency order and destroys them in reverse.
 */
import type { Platform } from './platform';
import type { RouteDefinition, Middleware, Policy } from '../http/types';
import type { ContentTypeSchema } from '../schema/types';
import type { AttributeTypeDefinition } from '../schema/attribute-types';

export type ServiceFactory<T = unknown> = (ctx: { platform: Platform }) => T;

export interface PluginDefinition<TConfig extends Record<string, unknown> = Record<string, unknown>> {
  /** kebab-case name, unique; also the key in `config/plugins.ts` */
  name: string;
  /** plugins that must be enabled and started before this one */
  requires?: string[];
  /** default configuration, merged under `config/plugins.ts` `<name>.config` */
  config?: { default?: Partial<TConfig>; validate?: (config: TConfig) => void };
  /** content-types this plugin contributes, keyed by singular name (uid `plugin::<name>.<key>`) */
  contentTypes?: Record<string, { schema: ContentTypeSchema }>;
  /** attribute types this plugin provides to every schema, keyed by type name (`"type": "<key>"`) */
  attributeTypes?: Record<string, AttributeTypeDefinition>;
  /** services, registered under `plugin::<name>.<key>` */
  services?: Record<string, ServiceFactory>;
  controllers?: Record<string, ServiceFactory>;
  policies?: Record<string, Policy>;
  middlewares?: Record<string, Middleware>;
  /** routes mounted under `<rest.prefix>/<name>` unless a route sets `config.prefix` */
  routes?: RouteDefinition[];
  register?(ctx: { platform: Platform }): void | Promise<void>;
  bootstrap?(ctx: { platform: Platform }): void | Promise<void>;
  destroy?(ctx: { platform: Platform }): void | Promise<void>;
}

/** Identity helper that gives plugin authors type checking and inference. */
export function definePlugin<TConfig extends Record<string, unknown> = Record<string, unknown>>(definition: PluginDefinition<TConfig>): PluginDefinition<TConfig> {
  return definition;
}
