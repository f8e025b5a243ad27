import { expect } from 'chai';
import { CliUsageError } from '@platform/core';
import { archiveName, parseExportArgs } from './export-command';

describe('platform export arguments', () => {
  it('names the archive as strapi export does: .tar, .gz when compressed, .enc when encrypted', () => {
    expect(archiveName('site', true, true)).to.equal('site.tar.gz.enc');
    expect(archiveName('site', true, false)).to.equal('site.tar.gz');
    expect(archiveName('site', false, false)).to.equal('site.tar');
    expect(archiveName('site.tar.gz', true, true)).to.equal('site.tar.gz.enc');
    expect(archiveName('site.tar.gz.enc', true, true)).to.equal('site.tar.gz.enc');
  });

  it('defaults to export_<date and time> in the current folder, encrypted with the key', () => {
    const args = parseExportArgs(['--key', 'k'], new Date('2026-11-28T04:05:06.789Z'));
    expect(args).to.deep.include({ file: `${process.cwd()}/export_20261128040506.tar.gz.enc`, key: 'k', algorithm: 'aes-128-ecb', compress: true });
    expect([...args.groups]).to.deep.equal(['content', 'files', 'config']);
  });

  it('selects with --only and --exclude', () => {
    expect([...parseExportArgs(['--no-encrypt', '--only', 'content,config']).groups]).to.deep.equal(['content', 'config']);
    expect([...parseExportArgs(['--no-encrypt', '--exclude', 'files']).groups]).to.deep.equal(['content', 'config']);
  });

  it('refuses what cannot be done, as usage errors', () => {
    const refusals: Array<[string[], string]> = [
      [[], 'export: the archive is encrypted unless --no-encrypt: give its --key (platform export --help)'],
      [['--no-encrypt', '--key', 'k'], 'export: --key and --no-encrypt cannot be given together (platform export --help)'],
      [['--no-encrypt', '--only', 'content', '--exclude', 'files'], 'export: --only and --exclude cannot be given together (platform export --help)'],
      [['--no-encrypt', '--only', 'users'], 'export: --only takes content, files, config (separated by commas), got "users" (platform export --help)'],
      [['--key', 'k', '--algorithm', 'des'], 'export: --algorithm takes aes-128-ecb, aes128, aes192, aes256, got "des" (platform export --help)'],
    ];
    for (const [argv, message] of refusals) {
      expect(() => parseExportArgs(argv), argv.join(' '))
        .to.throw(CliUsageError)
        .with.property('message', message);
    }
  });
});
