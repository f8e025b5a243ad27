/** `--only` and `--exclude`: which of content, files and config a transfer carries. */
import { CliUsageError } from '@platform/core';
import { GROUPS, type Group } from './format';

function parseList(command: string, option: string, value: string): Group[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const name of names) {
    if (!(GROUPS as readonly string[]).includes(name)) throw new CliUsageError(`${command}: --${option} takes ${GROUPS.join(', ')} (separated by commas), got "${name}" (platform ${command} --help)`);
  }
  return names as Group[];
}

export function selectGroups(command: string, only: string | undefined, exclude: string | undefined): Set<Group> {
  if (only !== undefined && exclude !== undefined) throw new CliUsageError(`${command}: --only and --exclude cannot be given together (platform ${command} --help)`);
  if (only !== undefined) return new Set(parseList(command, 'only', only));
  const excluded = new Set(exclude === undefined ? [] : parseList(command, 'exclude', exclude));
  return new Set(GROUPS.filter((g) => !excluded.has(g)));
}
