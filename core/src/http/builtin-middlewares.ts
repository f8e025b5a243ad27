/**
 * Strapi v4's built-in global middlewares by name, and the kernel's own additions
 * (`platform::compression`). Each is built from its `config` in config/middlewares.ts.
 */
import type Koa from 'koa';
import type { Logger } from '../base/logger';
import { requestLog } from './request-log';
import { errorEnvelope } from './error-handler';
import { security } from './security';
import { cors, type CorsConfig } from './cors';
import { poweredBy } from './powered-by';
import { queryParser } from './query';
import { bodyParser, type BodyConfig } from './body';
import { favicon, publicFiles, type FaviconConfig, type PublicConfig } from './static-files';
import { compression, type CompressionConfig } from './compression';
import { PASS_THROUGH } from './pass-through';

/** What the built-ins need besides their config. */
export interface BuiltinDeps {
  appDir: string;
  logger: Logger;
  /** config/server.ts `bodyLimit`: the default of every body limit */
  bodyLimit: string;
}

type Builtin = (config: Record<string, unknown>, deps: BuiltinDeps) => Koa.Middleware;

export const BUILTIN_MIDDLEWARES: Readonly<Record<string, Builtin>> = Object.freeze({
  'strapi::logger': (_config, deps) => requestLog(deps.logger),
  'strapi::errors': (_config, deps) => errorEnvelope(deps.logger),
  'strapi::security': (config) => security(config),
  'strapi::cors': (config) => cors(config as CorsConfig),
  'strapi::poweredBy': (config) => poweredBy(config as { poweredBy?: string }),
  'strapi::query': () => queryParser(),
  'strapi::body': (config, deps) => bodyParser(config as BodyConfig, deps.bodyLimit),
  // accepted so an existing Strapi file loads; no plugin needs sessions yet
  'strapi::session': () => PASS_THROUGH,
  'strapi::favicon': (config, deps) => favicon(deps.appDir, config as FaviconConfig),
  'strapi::public': (config, deps) => publicFiles(deps.appDir, config as PublicConfig),
  'platform::compression': (config) => compression(config as CompressionConfig),
} satisfies Record<string, Builtin>);
