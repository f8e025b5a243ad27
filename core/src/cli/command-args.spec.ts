import { expect } from 'chai';
import { parseCommandArgs, type CommandArgsSpec } from './command-args';
import { CliUsageError } from './usage-error';

describe('command arguments', () => {
  const spec: CommandArgsSpec = { command: 'stamp add', options: { label: 'string', json: 'boolean' }, positionals: ['id'] };

  it('reads options in both spellings, flags and positionals in any order', () => {
    expect(parseCommandArgs(['7', '--label', 'a b', '--json'], spec)).to.deep.equal({ options: { label: 'a b', json: true }, positionals: ['7'] });
    expect(parseCommandArgs(['--label=x=y', '9'], spec)).to.deep.equal({ options: { label: 'x=y' }, positionals: ['9'] });
  });

  it('answers each mistake with one line naming the command and its help', () => {
    const cases: Array<[string[], string]> = [
      [['1', '--colour', 'red'], 'stamp add: unknown option "--colour" (platform stamp --help)'],
      [['1', '-j'], 'stamp add: unknown option "-j" (platform stamp --help)'],
      [['1', '--label'], 'stamp add: --label needs a value (platform stamp --help)'],
      [['1', '--label', '--json'], 'stamp add: --label needs a value (platform stamp --help)'],
      [['1', '--label='], 'stamp add: --label needs a value (platform stamp --help)'],
      [['1', '--json=yes'], 'stamp add: --json takes no value (platform stamp --help)'],
      [['1', '--json', '--json'], 'stamp add: --json is given twice (platform stamp --help)'],
      [['1', '2'], 'stamp add: unexpected argument "2" (platform stamp --help)'],
      [['--json'], 'stamp add: missing <id> (platform stamp --help)'],
      [['1', '--toString', 'x'], 'stamp add: unknown option "--toString" (platform stamp --help)'],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseCommandArgs(argv, spec), argv.join(' '))
        .to.throw(CliUsageError)
        .with.property('message', message);
    }
  });
});
