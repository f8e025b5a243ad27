/**
 * Reads a command's arguments against what it accepts: `--name value`, `--name=value`, boolean
 * flags, and a fixed list of positional arguments. Every mistake is one CliUsageError line that
 * names the command and where its help is, so plugin commands all answer alike.
 */
import { CliUsageError } from './usage-error';

export interface CommandArgsSpec<P extends readonly string[] = readonly string[]> {
  /** the command as typed, for messages (`tokens create`) */
  command: string;
  /** option name (without `--`) -> whether it takes a value */
  options: Record<string, 'string' | 'boolean'>;
  /** names of the positional arguments, in order; each is required */
  positionals?: P;
}

export interface CommandArgs<P extends readonly string[] = readonly string[]> {
  options: Record<string, string | boolean | undefined>;
  /** one value per name of the spec's positionals, in its order */
  positionals: { -readonly [K in keyof P]: string };
}

export function parseCommandArgs<const P extends readonly string[] = []>(argv: string[], spec: CommandArgsSpec<P>): CommandArgs<P> {
  const help = `(platform ${spec.command.split(' ')[0]} --help)`;
  function fail(message: string): never {
    throw new CliUsageError(`${spec.command}: ${message} ${help}`);
  }
  const options: CommandArgs['options'] = {};
  const positionals: string[] = [];
  const wanted: readonly string[] = spec.positionals ?? [];
  for (let i = 0; i < argv.length; i++) {
    // biome-ignore lint/style/noNonNullAssertion: i < argv.length
    const arg = argv[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      if (arg === '--' || (arg.startsWith('-') && arg !== '-')) fail(`unknown option "${arg}"`);
      if (positionals.length >= wanted.length) fail(`unexpected argument "${arg}"`);
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = Object.hasOwn(spec.options, name) ? spec.options[name] : undefined;
    if (kind === undefined) fail(`unknown option "--${name}"`);
    if (options[name] !== undefined) fail(`--${name} is given twice`);
    if (kind === 'boolean') {
      if (eq !== -1) fail(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '' || (eq === -1 && value.startsWith('--'))) fail(`--${name} needs a value`);
    options[name] = value;
  }
  if (positionals.length < wanted.length) fail(`missing <${wanted[positionals.length]}>`);
  // one positional per wanted name: fewer failed above, more failed in the loop
  return { options, positionals: positionals as CommandArgs<P>['positionals'] };
}
