import path from 'node:path';
import { expect } from 'chai';
import { HIDDEN_ROWS_HELP, parseHiddenRowsArgs } from './command';

describe('CLI: platform hidden-rows arguments', () => {
  it('lists by default, in the current directory, for every table', () => {
    expect(parseHiddenRowsArgs(['hidden-rows'])).to.deep.equal({ appDir: process.cwd(), tables: null, action: 'list', yes: false });
  });

  it('reads --app, --table (comma-separated) and the action, in both spellings', () => {
    expect(parseHiddenRowsArgs(['hidden-rows', '--app', 'site', '--table', 'posts, pages', '--delete', '--yes'])).to.deep.equal({
      appDir: path.resolve('site'),
      tables: ['posts', 'pages'],
      action: 'delete',
      yes: true,
    });
    expect(parseHiddenRowsArgs(['--app=/srv/site', 'hidden-rows', '--table=posts', '--reveal'])).to.deep.equal({ appDir: '/srv/site', tables: ['posts'], action: 'reveal', yes: false });
  });

  it('rejects both actions, an empty table list and unknown arguments', () => {
    expect(() => parseHiddenRowsArgs(['hidden-rows', '--reveal', '--delete'])).to.throw(`hidden-rows takes --reveal or --delete, not both\n\n${HIDDEN_ROWS_HELP}`);
    expect(() => parseHiddenRowsArgs(['hidden-rows', '--table', ','])).to.throw('--table takes one or more table names separated by commas');
    expect(() => parseHiddenRowsArgs(['hidden-rows', '--force'])).to.throw(`Unknown argument "--force"\n\n${HIDDEN_ROWS_HELP}`);
  });
});
