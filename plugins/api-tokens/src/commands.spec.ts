import { expect } from 'chai';
import { CliUsageError } from '@platform/core';
import { parseApiTokenArgs } from './commands';

describe('api-tokens: platform api-token arguments', () => {
  it('create: name, type, custom permissions, a duration in days as a lifespan, description and --json', () => {
    expect(parseApiTokenArgs(['create', '--name', 'ci', '--type', 'read-only'])).to.deep.equal({
      action: 'create',
      name: 'ci',
      type: 'read-only',
      permissions: undefined,
      lifespan: null,
      description: undefined,
      json: false,
    });
    expect(parseApiTokenArgs(['create', '--name=deploy', '--type', 'custom', '--permissions', ' a.find , b.create,', '--duration', '90', '--description', 'CI', '--json'])).to.deep.equal({
      action: 'create',
      name: 'deploy',
      type: 'custom',
      permissions: ['a.find', 'b.create'],
      lifespan: 90 * 86400000,
      description: 'CI',
      json: true,
    });
  });

  it('list, revoke <id> and regenerate <id>', () => {
    expect(parseApiTokenArgs(['list', '--json'])).to.deep.equal({ action: 'list', json: true });
    expect(parseApiTokenArgs(['revoke', '12'])).to.deep.equal({ action: 'revoke', id: 12, json: false });
    expect(parseApiTokenArgs(['regenerate', '3', '--json'])).to.deep.equal({ action: 'regenerate', id: 3, json: true });
  });

  it('every mistake is one usage line', () => {
    for (const argv of [
      ['create', '--name', 'x', '--type', 'custom', '--permissions', ','],
      ['create', '--name', 'x', '--type', 'read-only', '--duration', '7.5'],
      ['revoke', '0'],
      ['revoke', '1', '--json'],
      ['list', '--name', 'x'],
    ]) {
      expect(() => parseApiTokenArgs(argv), argv.join(' '))
        .to.throw(CliUsageError)
        .with.property('message')
        .that.does.not.include('\n');
    }
  });
});
