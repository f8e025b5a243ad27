import path from 'node:path';
import { expect } from 'chai';
import { splitCommandLine } from '../../bin/argv';
import { HELP, parseArgs } from './main';

describe('CLI argument parsing', () => {
  it('defaults to no command, the current directory and one worker', () => {
    expect(parseArgs([])).to.deep.equal({ command: null, appDir: process.cwd(), workers: 1, help: false, version: false });
  });

  it('reads the command and --app in both spellings, resolved against the current directory', () => {
    expect(parseArgs(['develop', '--app', 'some/app'])).to.deep.equal({ command: 'develop', appDir: path.resolve('some/app'), workers: 1, help: false, version: false });
    expect(parseArgs(['--app=/srv/site', 'start'])).to.deep.equal({ command: 'start', appDir: '/srv/site', workers: 1, help: false, version: false });
  });

  it('reads --workers in both spellings', () => {
    expect(parseArgs(['start', '--workers', '4']).workers).to.equal(4);
    expect(parseArgs(['start', '--workers=2']).workers).to.equal(2);
  });

  it('reads -h and --help with or without a command', () => {
    expect(parseArgs(['--help']).help).to.equal(true);
    expect(parseArgs(['start', '-h'])).to.deep.include({ command: 'start', help: true });
  });

  it('rejects an unknown option and a second command, showing the help', () => {
    expect(() => parseArgs(['start', '--colour', 'red'])).to.throw(`Unknown argument "--colour"\n\n${HELP}`);
    expect(() => parseArgs(['start', 'develop'])).to.throw('Unknown argument "develop"');
  });

  it('reads --port and --host in both spellings, and -v / --version', () => {
    expect(parseArgs(['start', '--port', '3000', '--host', '127.0.0.1'])).to.deep.include({ command: 'start', port: 3000, host: '127.0.0.1' });
    expect(parseArgs(['develop', '--port=0', '--host=::'])).to.deep.include({ port: 0, host: '::' });
    expect(parseArgs(['-v']).version).to.equal(true);
    expect(parseArgs(['--version']).version).to.equal(true);
  });

  it('rejects a port that is not one, and a --host without an address', () => {
    for (const bad of ['65536', '-1', 'http', '80.5']) expect(() => parseArgs(['start', '--port', bad]), bad).to.throw(`--port takes a port number from 0 to 65535, got "${bad}"`);
    expect(() => parseArgs(['start', '--port'])).to.throw('--port takes a port number from 0 to 65535, got nothing');
    expect(() => parseArgs(['start', '--host'])).to.throw('--host takes an address');
    expect(() => parseArgs(['start', '--host', '--port'])).to.throw('--host takes an address');
  });

  it('rejects a worker count that is not a whole number of at least 1', () => {
    for (const bad of ['0', '-1', 'two', '1.5']) {
      expect(() => parseArgs(['start', '--workers', bad]), bad).to.throw('--workers takes a whole number of at least 1');
    }
  });

  it('documents both commands and the --app option', () => {
    expect(HELP).to.match(/^Usage: platform <command> \[options\]/);
    for (const word of ['develop', 'start', '--app DIR', '--help', 'PORT']) expect(HELP).to.include(word);
  });

  it('finds the command after options and their values', () => {
    const command = (argv: string[]) => splitCommandLine(argv).command;
    expect([
      command(['--app', 'site', 'hidden-rows']),
      command(['hidden-rows', '--table', 'posts']),
      command(['--workers', '2']),
      command(['--app=x', 'start']),
      command(['--port', '80', '--host', 'h', 'develop']),
    ]).to.deep.equal(['hidden-rows', 'hidden-rows', null, 'start', 'develop']);
  });

  it('takes the command and the app folder out of the line once, for every command', () => {
    expect(splitCommandLine(['tokens', '--app', 'site', 'create', '--name', 'x'], '/home/me')).to.deep.equal({
      command: 'tokens',
      appDir: '/home/me/site',
      args: ['create', '--name', 'x'],
    });
    expect(splitCommandLine(['--app=/srv/a', '--app', 'b', 'export', '--file', 'out.tar.gz'], '/home/me')).to.deep.equal({
      command: 'export',
      appDir: '/home/me/b',
      args: ['--file', 'out.tar.gz'],
    });
    expect(splitCommandLine(['--workers', '2', 'start', '--port=80'], '/srv')).to.deep.equal({ command: 'start', appDir: '/srv', args: ['--workers', '2', '--port=80'] });
    expect(splitCommandLine([], '/srv')).to.deep.equal({ command: null, appDir: '/srv', args: [] });
  });
});
