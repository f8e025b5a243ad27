/** `platform new` and `platform generate`: commands that write files and start nothing. */
import fs from 'node:fs';
import { CliUsageError } from '../cli/usage-error';
import { GENERATE_HELP, generate, parseGenerateArgs } from './generate';
import { NEW_HELP, newApp, parseNewArgs } from './new-app';

/** `args`: the command line without the command and `--app` (../../bin/argv.js). */
export async function runWriterCommand(name: 'new' | 'generate', appDir: string, args: string[]): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(name === 'new' ? NEW_HELP : GENERATE_HELP);
    return;
  }
  if (name === 'new') newApp(parseNewArgs(args).dir, say);
  else {
    const parsed = parseGenerateArgs(args);
    if (!fs.existsSync(appDir) || !fs.statSync(appDir).isDirectory()) throw new CliUsageError(`The app folder ${appDir} does not exist (use --app DIR)`);
    generate(appDir, parsed, say);
  }
}
