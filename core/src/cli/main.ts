/**
 * The `platform` command: `develop` (restarts on change), `start` (production), `hidden-rows`,
 * the commands the app's plugins add (./plugin-commands.ts), `--help`. A usage mistake exits
 * with code 2 (core/bin/platform.js), a start-up or command failure with 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runServer } from './serve';
import { runDevelop } from './develop';
import { CliUsageError } from './usage-error';
import { HIDDEN_ROWS_HELP, hiddenRowsCommand, parseHiddenRowsArgs } from './hidden-rows';
import { pluginCommandsHelp, runPluginCommand, takeAppDir } from './plugin-commands';

export const HELP = `Usage: platform <command> [options]

Commands:
  develop            serve the app and restart when config/, api/, components/ or local plugins change
  start              serve the app (production: no watcher)
  hidden-rows        list, reveal or delete rows hidden through an attribute the app no longer has
                     (start-up stops while they exist; platform hidden-rows --help)
  <command> --help   a command's own options (these and the commands the app's plugins add)

Options:
  --app DIR          the app folder (default: the current directory)
  --workers N        (start) serve with N processes sharing one database
  -h, --help         show this help

Environment: PORT and HOST override config/server.ts; DATABASE_CLIENT picks sqlite|mysql|postgres.
`;

export { CliUsageError };

export interface CliOptions {
  command: string | null;
  appDir: string;
  workers: number;
  help: boolean;
}

export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = { command: null, appDir: process.cwd(), workers: 1, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') options.help = true;
    else if (arg === '--app') options.appDir = path.resolve(argv[++i] ?? '.');
    else if (arg.startsWith('--app=')) options.appDir = path.resolve(arg.slice(6));
    else if (arg === '--workers') options.workers = wholeNumber(argv[++i]);
    else if (arg.startsWith('--workers=')) options.workers = wholeNumber(arg.slice(10));
    else if (!options.command && !arg.startsWith('-')) options.command = arg;
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

/** The first word that is neither an option nor the value of one (`--app DIR`, `--table T`, `--workers N`). */
export function commandOf(argv: string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    if (['--app', '--table', '--workers'].includes(argv[i])) i++;
    else if (!argv[i].startsWith('-')) return argv[i];
  }
  return null;
}

/** The kernel's own commands; any other name is looked up among the app's plugins' commands. */
const KERNEL_COMMANDS = new Set(['develop', 'start', 'hidden-rows']);

export async function main(argv: string[]): Promise<void> {
  const named = commandOf(argv);
  if (named !== null && !KERNEL_COMMANDS.has(named)) {
    const output = { out: (line: string) => process.stdout.write(line + '\n'), info: (line: string) => process.stderr.write(line + '\n') };
    if (await runPluginCommand(named, argv, output)) return;
    throw new CliUsageError(`Unknown command "${named}"\n\n${HELP}${pluginCommandsHelp(takeAppDir(argv).appDir)}`);
  }
  if (named === 'hidden-rows') {
    if (argv.includes('--help') || argv.includes('-h')) {
      process.stdout.write(HIDDEN_ROWS_HELP);
      return;
    }
    await hiddenRowsCommand(parseHiddenRowsArgs(argv), (line) => process.stdout.write(line + '\n'));
    return;
  }
  const options = parseArgs(argv);
  if (options.help || !options.command) {
    process.stdout.write(HELP + pluginCommandsHelp(options.appDir));
    return;
  }
  if ((options.command === 'develop' || options.command === 'start') && !isDirectory(options.appDir)) {
    throw new CliUsageError(`The app folder ${options.appDir} does not exist (use --app DIR)`);
  }
  switch (options.command) {
    case 'develop':
      await runDevelop(options.appDir);
      return;
    case 'start':
      await runServer(options.appDir, { workers: options.workers, mode: 'production' });
      return;
  }
}
