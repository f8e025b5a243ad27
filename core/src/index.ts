/**
 * The public surface of the kernel. Plugins and apps import from here only.
 */
export * from './errors';
export { Platform, UNAUTHENTICATED_WARNING, type PlatformOptions, type PluginHandle } from './kernel/platform';
export { createSharedCounters, memoryCounters, type SharedCounters, type CounterStore } from './cluster/shared-counters';
export { createBroadcast, RESYNC_CHANNEL, type Broadcast, type BroadcastTransport, type TransportEnvelope } from './cluster/broadcast';
export {
  definePlugin,
  type AppCodeProvider,
  type PluginDefinition,
  type ServiceFactory,
  type AppPartsProvider,
  type GlobalMiddlewareDefinition,
  type PluginFolder,
  type PluginFolderAdapter,
} from './kernel/plugin';
export type { NewAppContribution, NewAppExample } from './kernel/plugin';
export type { PluginContext, PluginGround, PluginView, AppView } from './kernel/plugin-context';
export { defineCommand, type PluginCommandDefinition, type CommandOutput } from './kernel/plugin-command';
export type { PlatformCommand } from './kernel/platform';
export type { RunMode } from './kernel/secrets';
export { CliUsageError, CommandError } from './cli/usage-error';
export { parseCommandArgs, type CommandArgs, type CommandArgsSpec } from './cli/command-args';
export { definePluginErrors, type PluginErrors, type PluginErrorTable, type PluginErrorSpec, type PluginErrorCode } from './plugin-errors';
export { guardHooks } from './kernel/guard-hooks';
export type { ServiceMap, ServiceUid } from './kernel/service-map';
export type { KernelHooks, ServerAddress } from './kernel/hooks';
export { Registry } from './base/registry';
export { declareAppPart, isAppDeclaration, APP_DECLARATION, type AppDeclaration, type AppDeclarationSite, type AppDeclarationStamp, type AppPartFolder } from './app/declarations';
export type { AppApiFiles, AppFile, AppLifecycleFile } from './app/app-files';
export { appSourceDir } from './app/app-layout';
export { createLogger, createJsonLogger, type Logger, type LogLevel, type LogFields, type LogFormat } from './base/logger';
export { createEnv, type EnvFn } from './config/env';
export { isPlainObject, isIndexObject, indexObjectValues, parseBoolean, type ParseBooleanOptions } from './util/values';
export { closestName } from './util/closest-name';
export { containsNul } from './util/nul-character';
export { groupBy } from './util/group-by';
export * from './schema/types';
export type { AttributeTypeDefinition, AttributeCheckContext, StorageTable, WrittenAttribute } from './schema/attribute-types';
export type { ColumnKind } from './database/sync/types';
export * from './model/types';
export * as naming from './model/naming';
export { Database, type QueryEvent } from './database/database';
export { StatementTimeoutError, isStatementTimeout, STATEMENT_TIMEOUT_KEY } from './database/statement-timeout';
export type { DatabaseClient } from './database/connection';
export * from './http/types';
export {
  readMultipart,
  removeFiles,
  MultipartError,
  type MultipartFailure,
  type MultipartLimits,
  type MultipartOptions,
  type MultipartParts,
  type MultipartWatcher,
} from './http/multipart';
export type { MountedRoute } from './http/server';
export { toErrorBody, type ErrorBody } from './http/error-envelope';
export { DEFAULT_MIDDLEWARE_LIST } from './http/global-middlewares';
export { loadUserModule, appCodeLoaded, findModuleFile, listModuleFiles, type LoadUserModuleOptions } from './config/load-module';
export { ASYNC_CONTEXT_TRACKS_EVERY_PROMISE } from './util/async-context';
export { registerAppModules } from './kernel/app-modules';
export { createRegistry } from './model/build-models';
