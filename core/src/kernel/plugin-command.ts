/**
 * Commands a plugin adds to the `platform` command line: `platform <name> [args] [--app DIR]`.
 * The kernel reads the arguments with the command's `parse` first (a mistake is a usage error,
 * exit code 2, before anything boots), then starts the app without listening (database
 * connected, schema in sync, every plugin bootstrapped), runs the command with the plugin's
 * context, and stops the app.
 */
import type { PluginContext } from './plugin-context';

/** Where a command prints: `out` is the result (stdout), `info` is a remark beside it (stderr). */
export interface CommandOutput {
  out(line: string): void;
  info(line: string): void;
}

/**
 * One command. Declared with methods so a command typed with its own arguments still fits where
 * any command is expected.
 */
export interface PluginCommandDefinition<TArgs = unknown, TConfig extends Record<string, unknown> = Record<string, unknown>, TState = unknown> {
  /** one line for `platform --help` */
  summary: string;
  /** the whole help for `platform <name> --help`: usage lines first, then options */
  help: string;
  /** reads the arguments after the command name (`--app` removed); throws CliUsageError on a mistake */
  parse(argv: string[]): TArgs;
  run(args: TArgs, ctx: PluginContext<TConfig, TState>, output: CommandOutput): void | Promise<void>;
}

/** Identity helper that infers a command's argument type from its `parse`. */
export function defineCommand<TArgs, TConfig extends Record<string, unknown> = Record<string, unknown>, TState = unknown>(
  command: PluginCommandDefinition<TArgs, TConfig, TState>,
): PluginCommandDefinition<TArgs, TConfig, TState> {
  return command;
}
