import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '../errors';
import { createLogger } from '../base/logger';
import { resolveSecret, type SecretSource, type RunMode } from './secrets';

describe('plugin secrets', () => {
  let dir: string;
  let lines: string[];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-secrets-'));
    lines = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const source = (mode: RunMode, env: Record<string, string | undefined> = {}): SecretSource => ({
    mode,
    appDir: dir,
    env,
    log: createLogger('info', (line) => lines.push(line.replace(/^\[[^\]]+\] /, ''))),
  });
  const envFile = () => path.join(dir, '.env');

  it('takes the configured value first, then the environment, in every mode', () => {
    for (const mode of ['develop', 'start', 'embedded'] as const) {
      expect(resolveSecret(source(mode, { SIGNING_KEY: 'from-env' }), 'SIGNING_KEY', 'from-config', 'stamps')).to.equal('from-config');
      expect(resolveSecret(source(mode, { SIGNING_KEY: 'from-env' }), 'SIGNING_KEY', undefined, 'stamps')).to.equal('from-env');
      expect(resolveSecret(source(mode, { SIGNING_KEY: 'from-env' }), 'SIGNING_KEY', '', 'stamps')).to.equal('from-env');
    }
    expect(fs.existsSync(envFile())).to.equal(false);
  });

  it('start: stops start-up naming the variable and the plugin', () => {
    expect(() => resolveSecret(source('start', { SIGNING_KEY: '' }), 'SIGNING_KEY', undefined, 'stamps'))
      .to.throw(BootError, 'SIGNING_KEY is not set: plugin "stamps" needs it. Set SIGNING_KEY in the environment or the app\'s .env (platform develop writes a random one there)')
      .with.property('code', 'SECRET_MISSING');
  });

  it('develop: generates a random one, appends it to .env on a line of its own, and reads it from there on', () => {
    fs.writeFileSync(envFile(), 'HOST=127.0.0.1');
    const env: Record<string, string | undefined> = {};
    const first = resolveSecret(source('develop', env), 'SIGNING_KEY', undefined, 'stamps');
    expect(first).to.match(/^[A-Za-z0-9+/]{43}=$/);
    expect(fs.readFileSync(envFile(), 'utf8')).to.equal(`HOST=127.0.0.1\nSIGNING_KEY=${first}\n`);
    expect(env.SIGNING_KEY).to.equal(first);
    expect(resolveSecret(source('develop', env), 'SIGNING_KEY', undefined, 'stamps')).to.equal(first);
    const other = resolveSecret(source('develop', env), 'OTHER_SALT', null, 'stamps');
    expect(other).to.not.equal(first);
    expect(fs.readFileSync(envFile(), 'utf8')).to.equal(`HOST=127.0.0.1\nSIGNING_KEY=${first}\nOTHER_SALT=${other}\n`);
    expect(lines).to.deep.equal([
      'INFO SIGNING_KEY was not set: generated a random one for plugin "stamps" and saved it to .env',
      'INFO OTHER_SALT was not set: generated a random one for plugin "stamps" and saved it to .env',
    ]);
  });

  it('develop: creates .env when the app has none', () => {
    const value = resolveSecret(source('develop'), 'SIGNING_KEY', undefined, 'stamps');
    expect(fs.readFileSync(envFile(), 'utf8')).to.equal(`SIGNING_KEY=${value}\n`);
  });

  it('embedded: a random one for this process, written nowhere, said at the info level', () => {
    const env: Record<string, string | undefined> = {};
    const value = resolveSecret(source('embedded', env), 'SIGNING_KEY', undefined, 'stamps');
    expect(env.SIGNING_KEY).to.equal(value);
    expect(fs.existsSync(envFile())).to.equal(false);
    expect(lines).to.deep.equal(['INFO SIGNING_KEY is not set: plugin "stamps" uses a random one that lasts until this process ends']);
  });

  it('refuses a name that is no environment variable, and a configured value that is not a string', () => {
    expect(() => resolveSecret(source('develop'), 'signing key', undefined, 'stamps'))
      .to.throw(BootError, 'a secret is named by its environment variable')
      .with.property('code', 'SECRET_INVALID');
    expect(() => resolveSecret(source('develop'), 'SIGNING_KEY', 42, 'stamps')).to.throw(BootError, 'Plugin "stamps": the configured value of SIGNING_KEY must be a string');
  });
});
