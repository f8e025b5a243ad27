/**
 * How a Platform is made: the app folder, and what a program or a test gives in code instead
 * of files (the environment, configuration, plugins, the global middleware list, a logger).
 */
import type { ConfigTree } from '../config/load-config';
import type { Logger, LogLevel } from '../base/logger';
import type { PluginDefinition } from './plugin';
import type { RunMode } from './secrets';

export interface PlatformOptions {
  /** the app folder holding `config/`, `api/`, `components/` */
  appDir: string;
  /** environment variables; default `process.env` (plus the app's `.env`) */
  env?: NodeJS.ProcessEnv;
  /** configuration merged over the config files (tests point `database` at their own database) */
  config?: ConfigTree;
  /** plugins given in code, in addition to those of `config/plugins.ts` */
  plugins?: PluginDefinition[];
  /** the global middleware list, in place of `config/middlewares.ts` (tests) */
  middlewares?: unknown[];
  /**
   * where the default plugins come from when the app folder has no `package.json` of its own:
   * the nearest `package.json` at or above this folder (default: the working directory)
   */
  distributionDir?: string;
  logLevel?: LogLevel;
  logger?: Logger;
  /**
   * How the platform runs, for what a missing secret does (./secrets.ts): `develop` writes a
   * random one to the app's `.env`, `start` stops start-up naming it; by default (`embedded`)
   * a random one lasts for this process.
   */
  mode?: RunMode;
}
