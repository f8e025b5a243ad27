/**
 * The `platform` command: `develop` (restarts on change), `start` (production), `hidden-rows`,
 * the commands the app's plugins add (./plugin-commands.ts), `--help`. A usage mistake exits
 * with code 2 (core/bin/platform.js), a start-up or command failure with 1.
 */
import fs from 'node:fs';
import { runServer } from './serve';
import { CliUsageError } from './usage-error';
import { splitCommandLine } from '../../bin/argv';
import { pluginCommandsHelp, runPluginCommand } from './plugin-commands';
import { platformVersion } from './version';

/*
 * The other commands' modules (the watcher, generators, templates) are required when their
 * command runs: `platform start` loads none of them.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const developCommand = () => require('./develop') as typeof import('./develop');
const hiddenRowsModule = () => require('../hidden-rows/command') as typeof import('../hidden-rows/command');
const writerCommands = () => require('../generators/writer-commands') as typeof import('../generators/writer-commands');
/* eslint-enable @typescript-eslint/no-require-imports */

export const HELP = `Usage: platform <command> [options]

Commands:
  develop            serve the app and restart when it changes (config/, api/, components/,
                     middlewares/, src/, database/, .env and local plugins)
  start              serve the app for production (no watcher)
  new <dir>          write a new app folder: config, an example content-type, .env with fresh
                     secrets and a README (platform new --help)
  generate <kind>    write the files of an api, content-type, controller, service, policy,
                     middleware or plugin into the app (platform generate --help)
  hidden-rows        list, reveal or delete rows hidden through an attribute the app no longer has
                     (start-up stops while they exist; platform hidden-rows --help)
  <command> --help   a command's own options (these and the commands the app's plugins add)

Options:
  --app DIR          the app folder (default: the current directory)
  --port N           (develop, start) the port to listen on; wins over PORT and config/server.ts
  --host ADDRESS     (develop, start) the address to listen on; wins over HOST and config/server.ts
  --workers N        (start) serve with N processes sharing one database
  -v, --version      print the version
  -h, --help         show this help

Environment (the app's .env is read too; the process environment wins over it):
  PORT, HOST           where to listen (config/server.ts reads them)
  NODE_ENV             development or production (start sets production when unset); files in
                       config/env/<NODE_ENV>/ are merged over config/
  LOG_LEVEL            silent, error, warn, info, http (default: one line per request) or debug
  LOG_FORMAT           text or json (default: json under NODE_ENV=production)
  DATABASE_CLIENT      sqlite (default), mysql (MySQL or MariaDB) or postgres
  DATABASE_FILENAME    the SQLite file, relative to the app (default .tmp/data.db)
  DATABASE_HOST, DATABASE_PORT, DATABASE_NAME, DATABASE_USERNAME, DATABASE_PASSWORD
                       the database server (mysql, postgres)
  DATABASE_POOL_MIN, DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT
                       connection pool size and the longest statement in ms (5000; 0: no limit)
`;

export { CliUsageError };

export interface CliOptions {
  command: string | null;
  appDir: string;
  workers: number;
  help: boolean;
  version: boolean;
  port?: number;
  host?: string;
}

export function parseArgs(argv: string[]): CliOptions {
  const { command, appDir, args } = splitCommandLine(argv);
  const options: CliOptions = { command, appDir, workers: 1, help: false, version: false };
  for (let i = 0; i < args.length; i++) {
    // biome-ignore lint/style/noNonNullAssertion: i < args.length
    const arg = args[i]!;
    if (arg === '-h' || arg === '--help') options.help = true;
    else if (arg === '-v' || arg === '--version') options.version = true;
    else if (arg === '--port' || arg.startsWith('--port=')) options.port = portNumber(arg === '--port' ? args[++i] : arg.slice(7));
    else if (arg === '--host' || arg.startsWith('--host=')) options.host = hostName(arg === '--host' ? args[++i] : arg.slice(7));
    else if (arg === '--workers') options.workers = wholeNumber(args[++i]);
    else if (arg.startsWith('--workers=')) options.workers = wholeNumber(arg.slice(10));
    else throw new CliUsageError(`Unknown argument "${arg}"\n\n${HELP}`);
  }
  if (!Number.isInteger(options.workers) || options.workers < 1) throw new CliUsageError('--workers takes a whole number of at least 1');
  return options;
}

function isDirectory(dir: string): boolean {
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory();
}

/** `4` -> 4; anything else (`1.5`, `two`, missing) -> NaN, rejected by the caller. */
function wholeNumber(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** `--port 8080` -> 8080; a port is a whole number from 0 (any free port) to 65535. */
function portNumber(raw: string | undefined): number {
  const port = wholeNumber(raw);
  if (!(port <= 65535)) throw new CliUsageError(`--port takes a port number from 0 to 65535, got ${raw === undefined ? 'nothing' : `"${raw}"`}`);
  return port;
}

function hostName(raw: string | undefined): string {
  if (!raw || raw.startsWith('-')) throw new CliUsageError('--host takes an address (0.0.0.0, 127.0.0.1, ::, a host name)');
  return raw;
}

/** The kernel's own commands; any other name is looked up among the app's plugins' commands. */
const KERNEL_COMMANDS = new Set(['develop', 'start', 'hidden-rows', 'new', 'generate']);

export async function main(argv: string[]): Promise<void> {
  const line = splitCommandLine(argv);
  const named = line.command;
  if (named !== null && !KERNEL_COMMANDS.has(named)) {
    const output = { out: (text: string) => process.stdout.write(`${text}\n`), info: (text: string) => process.stderr.write(`${text}\n`) };
    if (await runPluginCommand(named, line.appDir, line.args, output)) return;
    throw new CliUsageError(`Unknown command "${named}"\n\n${HELP}${pluginCommandsHelp(line.appDir)}`);
  }
  if (named === 'new' || named === 'generate') {
    await writerCommands().runWriterCommand(named, line.appDir, line.args);
    return;
  }
  if (named === 'hidden-rows') {
    const { HIDDEN_ROWS_HELP, hiddenRowsCommand, parseHiddenRowsArgs } = hiddenRowsModule();
    if (line.args.includes('--help') || line.args.includes('-h')) {
      process.stdout.write(HIDDEN_ROWS_HELP);
      return;
    }
    await hiddenRowsCommand(parseHiddenRowsArgs(argv), (text) => process.stdout.write(`${text}\n`));
    return;
  }
  const options = parseArgs(argv);
  if (options.version) {
    process.stdout.write(`${platformVersion()}\n`);
    return;
  }
  if (options.help || !options.command) {
    process.stdout.write(HELP + pluginCommandsHelp(options.appDir));
    return;
  }
  if ((options.command === 'develop' || options.command === 'start') && !isDirectory(options.appDir)) {
    throw new CliUsageError(`The app folder ${options.appDir} does not exist (use --app DIR)`);
  }
  switch (options.command) {
    case 'develop':
      await developCommand().runDevelop(options.appDir, { port: options.port, host: options.host });
      return;
    case 'start':
      await runServer(options.appDir, { workers: options.workers, mode: 'production', port: options.port, host: options.host });
      return;
  }
}
