/**
 * The plugin's configuration (`graphql.config` in config/plugins.ts), Strapi v4's keys with the
 * specification's defaults (depthLimit 10, amountLimit 100, a page of 10), and the cost budget
 * that keeps aliases and fragments from multiplying the work.
 */
import { errors } from './errors';
import type { GraphqlConfig } from './types';

export const DEFAULT_CONFIG: GraphqlConfig = {
  endpoint: '/graphql',
  shadowCRUD: true,
  playgroundAlways: false,
  depthLimit: 10,
  amountLimit: 100,
  defaultLimit: 10,
  maxLimit: -1,
  maxCost: 2000,
  entryFieldCost: 10,
  maxTokens: 20000,
  apolloServer: {},
};

const positiveInteger = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

export function validateConfig(config: GraphqlConfig): void {
  const fail = (message: string): never => {
    throw errors.boot('CONFIG_INVALID', `graphql.config: ${message}`);
  };
  if (typeof config.endpoint !== 'string' || !/^\/[^\s?#]*$/.test(config.endpoint)) fail('"endpoint" must be a path starting with "/"');
  for (const key of ['shadowCRUD', 'playgroundAlways'] as const) if (typeof config[key] !== 'boolean') fail(`"${key}" must be true or false`);
  for (const key of ['depthLimit', 'amountLimit', 'defaultLimit', 'maxCost', 'entryFieldCost', 'maxTokens'] as const) {
    if (!positiveInteger(config[key])) fail(`"${key}" must be a positive integer`);
  }
  if (!Number.isSafeInteger(config.maxLimit) || (config.maxLimit < 1 && config.maxLimit !== -1)) fail('"maxLimit" must be a positive integer or -1');
  if (config.writeSchemaFile !== undefined && typeof config.writeSchemaFile !== 'boolean') fail('"writeSchemaFile" must be true or false');
  const server = config.apolloServer;
  if (server === null || typeof server !== 'object' || Array.isArray(server)) fail('"apolloServer" must be an object');
  for (const key of ['introspection', 'tracing'] as const) {
    if (server[key] !== undefined && typeof server[key] !== 'boolean') fail(`"apolloServer.${key}" must be true or false`);
  }
}
