/**
 * `platform <command> ...` for the commands the app's plugins add (kernel/plugin-command.ts):
 * the app's plugins are found (nothing starts), the command's arguments are read, then the app
 * starts without listening, the command runs, and the app stops.
 */
import fs from 'node:fs';
import { Platform, type PlatformCommand } from '../kernel/platform';
import type { CommandOutput } from '../kernel/plugin-command';
import type { LogLevel } from '../base/logger';
import { isApplicationError } from '../errors';
import { CliUsageError, CommandError } from './usage-error';

/**
 * A platform for a command: secrets as `develop` makes them (a command run before the first
 * `develop` writes the same `.env`), or as `start` under NODE_ENV=production; warnings only,
 * on stderr, unless LOG_LEVEL says otherwise, so stdout is the command's own.
 */
export function commandPlatform(appDir: string): Platform {
  if (!fs.existsSync(appDir) || !fs.statSync(appDir).isDirectory()) throw new CliUsageError(`The app folder ${appDir} does not exist (use --app DIR)`);
  const logLevel: LogLevel | undefined = process.env.LOG_LEVEL ? undefined : 'warn';
  return new Platform({ appDir, logLevel, mode: process.env.NODE_ENV === 'production' ? 'start' : 'develop' });
}

/** The `platform --help` lines of the plugins' commands; none when the app cannot be read. */
export function pluginCommandsHelp(appDir: string): string {
  let commands: PlatformCommand[];
  try {
    commands = commandPlatform(appDir).commands();
  } catch {
    return '';
  }
  if (commands.length === 0) return '';
  const lines = commands.map((c) => `  ${c.name.padEnd(17)}  ${c.definition.summary}`);
  return `\nCommands of the app's plugins (platform <command> --help):\n${lines.join('\n')}\n`;
}

/**
 * Runs `platform <name> ...` when a plugin of the app adds `name` (`args`: the command line
 * without the command and `--app`, ../../bin/argv.js); false when none does (the caller reports
 * the unknown command).
 */
export async function runPluginCommand(name: string, appDir: string, args: string[], output: CommandOutput): Promise<boolean> {
  const platform = commandPlatform(appDir);
  const command = platform.commands().find((c) => c.name === name);
  if (!command) return false;
  if (args.includes('--help') || args.includes('-h')) {
    output.out(command.definition.help.replace(/\n$/, ''));
    return true;
  }
  const parsed = command.definition.parse(args);
  try {
    await platform.start();
    await platform.runCommand(command, parsed, output);
  } catch (error) {
    // what the API would answer with a 4xx (bad input, not found) is the user's to fix: its message is enough
    throw isApplicationError(error) ? new CommandError(`${name}: ${error.message}`, { cause: error }) : error;
  } finally {
    await platform.destroy();
  }
  return true;
}
