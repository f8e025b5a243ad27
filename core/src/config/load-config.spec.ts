import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { bootError } from '../../../test/helpers/boot-error';
import { loadConfig, loadEnvironment } from './load-config';
import { validateKernelConfig } from './validate-config';

/** Writes an app folder from `{ relativePath: content }` and returns its path. */
function writeApp(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-config-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

describe('config loading', () => {
  const dirs: string[] = [];
  const app = (files: Record<string, string>) => {
    const dir = writeApp(files);
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads files exporting an object or a function of { env }, in .ts, .js and .json', () => {
    const dir = app({
      'config/server.js': `module.exports = ({ env }) => ({ host: env('HOST', '0.0.0.0'), port: env.int('PORT', 1337) });`,
      'config/api.json': `{ "rest": { "defaultLimit": 10 } }`,
      'config/plugins.ts': `export default { seo: { enabled: false } };`,
    });
    const loaded = loadConfig(dir, { PORT: '4000' });
    expect(loaded.tree).to.deep.equal({
      api: { rest: { defaultLimit: 10 } },
      plugins: { seo: { enabled: false } },
      server: { host: '0.0.0.0', port: 4000 },
    });
    expect(loaded.files).to.deep.equal({
      api: path.join(dir, 'config/api.json'),
      plugins: path.join(dir, 'config/plugins.ts'),
      server: path.join(dir, 'config/server.js'),
    });
    expect(loaded.env('PORT')).to.equal('4000');
  });

  it('loads .env, and the process environment wins over it', () => {
    const dir = app({ '.env': 'PORT=5000\nHOST=from-dotenv\n# a comment\nSECRET="quoted value"\n' });
    const source = loadEnvironment(dir, { HOST: 'from-process' });
    expect(source).to.deep.equal({ PORT: '5000', HOST: 'from-process', SECRET: 'quoted value' });
  });

  it('works without a .env file', () => {
    const dir = app({});
    expect(loadEnvironment(dir, { A: '1' })).to.deep.equal({ A: '1' });
  });

  it('merges config/env/<NODE_ENV>/ over the base files, key by key', () => {
    const dir = app({
      'config/server.js': `module.exports = { host: 'localhost', port: 1337, extra: { a: 1, b: 2 } };`,
      'config/env/production/server.js': `module.exports = ({ env }) => ({ port: env.int('PROD_PORT', 80), extra: { b: 3 } });`,
      'config/env/test/server.js': `module.exports = { port: 9999 };`,
    });
    expect(loadConfig(dir, { NODE_ENV: 'production' }).tree.server).to.deep.equal({ host: 'localhost', port: 80, extra: { a: 1, b: 3 } });
    expect(loadConfig(dir, { NODE_ENV: 'production', PROD_PORT: '8443' }).tree.server?.port).to.equal(8443);
    expect(loadConfig(dir, {}).tree.server).to.deep.equal({ host: 'localhost', port: 1337, extra: { a: 1, b: 2 } });
  });

  it('names the file and the variable when an env value is bad', () => {
    const dir = app({ 'config/server.js': `module.exports = ({ env }) => ({ port: env.int('PORT', 1337) });` });
    const error = bootError(() => loadConfig(dir, { PORT: 'eighty' }));
    expect(error.code).to.equal('CONFIG_ENV');
    expect(error.message).to.equal(`${path.join(dir, 'config/server.js')}: Environment variable PORT must be an integer, got "eighty"`);
  });

  it('names the file when it does not export an object', () => {
    const dir = app({ 'config/api.js': `module.exports = () => 42;` });
    const error = bootError(() => loadConfig(dir, {}));
    expect(error.code).to.equal('CONFIG_FILE');
    expect(error.message).to.equal(`${path.join(dir, 'config/api.js')}: must export an object or a function of { env } returning an object`);
  });

  it('names the file when it throws', () => {
    const dir = app({ 'config/database.js': `module.exports = () => { throw new Error('boom'); };` });
    expect(bootError(() => loadConfig(dir, {})).message).to.equal(`${path.join(dir, 'config/database.js')}: boom`);
  });

  it('names the file when its JSON is invalid', () => {
    const dir = app({ 'config/api.json': `{ "rest": ` });
    const error = bootError(() => loadConfig(dir, {}));
    expect(error.code).to.equal('FILE_INVALID_JSON');
    expect(error.message.startsWith(`${path.join(dir, 'config/api.json')}: invalid JSON`)).to.equal(true, error.message);
  });
});

describe('kernel config validation', () => {
  const files = { server: '/app/config/server.ts', api: '/app/config/api.ts' };
  const cases: Array<[string, Record<string, Record<string, unknown>>, string]> = [
    ['a port that is not a number', { server: { port: '1337' } }, 'config/server.ts: "port" must be an integer from 0 to 65535, got "1337"'],
    ['a port out of range', { server: { port: 70000 } }, 'config/server.ts: "port" must be an integer from 0 to 65535, got 70000'],
    ['an empty host', { server: { host: '' } }, 'config/server.ts: "host" must be a non-empty string, got ""'],
    ['a bad body limit', { server: { bodyLimit: 'lots' } }, 'config/server.ts: "bodyLimit" must be a size such as "1mb" or a number of bytes, got "lots"'],
    ['a prefix without a slash', { api: { rest: { prefix: 'api' } } }, 'config/api.ts: "rest.prefix" must be a path starting with "/", got "api"'],
    ['a zero default limit', { api: { rest: { defaultLimit: 0 } } }, 'config/api.ts: "rest.defaultLimit" must be an integer from 1 to 9007199254740991, got 0'],
    ['a default limit over the max', { api: { rest: { defaultLimit: 50, maxLimit: 10 } } }, 'config/api.ts: "rest.defaultLimit" (50) must not exceed "rest.maxLimit" (10)'],
    ['a non-boolean withCount', { api: { rest: { withCount: 'yes' } } }, 'config/api.ts: "rest.withCount" must be a boolean, got "yes"'],
    ['a database without connection object', { database: { connection: 'sqlite' } }, 'config/database: "connection" must be an object, got "sqlite"'],
  ];
  for (const [what, tree, message] of cases) {
    it(`rejects ${what}, naming the file and key`, () => {
      const error = bootError(() => validateKernelConfig(tree, files, '/app'));
      expect(error.code).to.equal('CONFIG_INVALID');
      expect(error.message).to.equal(message);
    });
  }

  it('accepts a valid configuration', () => {
    expect(() =>
      validateKernelConfig(
        { server: { host: '0.0.0.0', port: 0, bodyLimit: '2mb' }, api: { rest: { prefix: '/v1', defaultLimit: 25, maxLimit: 100, withCount: false } }, database: { connection: {} } },
        files,
        '/app',
      ),
    ).to.not.throw();
  });
});
