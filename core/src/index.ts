/**
 * The public surface of the kernel. Plugins and apps import from here only.
 */
export * from './errors';
export { Platform, type PlatformOptions, type PluginHandle } from './kernel/platform';
export { definePlugin, type PluginDefinition, type ServiceFactory } from './kernel/plugin';
export type { ServiceMap, ServiceUid } from './kernel/service-map';
export type { KernelHooks } from './kernel/hooks';
export { Registry } from './kernel/registry';
export { factories, isCoreFactory, CORE_FACTORY, type CoreFactoryDeclaration, type CoreRouterOptions, type CoreAction } from './kernel/factories';
export type { AppApiFiles } from './kernel/app-files';
export { createLogger, type Logger, type LogLevel } from './kernel/logger';
export type { EnvFn } from './config/env';
export { isPlainObject, isIndexObject, indexObjectValues, parseBoolean, type ParseBooleanOptions } from './util/values';
export { groupBy } from './util/group-by';
export * from './schema/types';
export type { AttributeTypeDefinition, AttributeCheckContext, StorageTable, WrittenAttribute } from './schema/attribute-types';
export type { ColumnKind } from './database/sync/types';
export * from './model/types';
export * as naming from './model/naming';
export { Database, type QueryEvent } from './database/database';
export type { DatabaseClient } from './database/connection';
export * from './http/types';
export { toErrorBody, type ErrorBody } from './http/error-envelope';
export { loadUserModule, findModuleFile, listModuleFiles } from './config/load-module';
export { createRegistry } from './model/build-models';
