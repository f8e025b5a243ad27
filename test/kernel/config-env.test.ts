/**
 * Configuration end to end on an app folder (test/fixtures/kernel-app, copied outside the
 * repository): `.env` is loaded, the process environment wins, `config/env/<NODE_ENV>/`
 * overrides, `config/server.ts` gives the port, `config/api.ts` values reach plugins, and a
 * bad value stops start-up naming the file and key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError, definePlugin, Platform, type PluginContext } from '@platform/core';
import { freePort } from '../helpers/ports';

const KERNEL_APP = path.resolve(__dirname, '..', 'fixtures', 'kernel-app');

/** A plugin whose route answers with what the app's config holds. */
function configEchoPlugin() {
  let plugin: PluginContext | null = null;
  return definePlugin({
    name: 'config-echo',
    routes: [
      {
        method: 'GET',
        path: '/',
        config: { auth: false },
        handler: () => ({ data: { rest: plugin?.appConfig('api.rest'), motd: plugin?.appConfig('api.motd') } }),
      },
    ],
    register(ctx) {
      plugin = ctx;
    },
  });
}

describe('config and env loading of an app folder', function () {
  this.timeout(60000);
  let appDir: string;
  before(() => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-kernel-app-'));
    fs.cpSync(KERNEL_APP, appDir, { recursive: true });
    fs.writeFileSync(path.join(appDir, '.env'), 'API_DEFAULT_LIMIT=5\nMOTD=from-dotenv\nPORT=1\nDATABASE_FILENAME=.tmp/from-dotenv.db\n');
  });
  after(() => fs.rmSync(appDir, { recursive: true, force: true }));

  it('serves on the port of config/server.ts from the env, with .env, process env and NODE_ENV overrides applied', async () => {
    const port = await freePort();
    const platform = new Platform({ appDir, logLevel: 'silent', env: { PORT: String(port) }, plugins: [configEchoPlugin()] });
    try {
      await platform.start();
      await platform.listen();
      expect(platform.address().port).to.equal(port);
      expect(platform.config('server')).to.deep.equal({ host: '127.0.0.1', port, bodyLimit: '1mb' });
      const res = await fetch(`http://127.0.0.1:${port}/api/config-echo`);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ data: { rest: { prefix: '/api', defaultLimit: 5, maxLimit: 50, withCount: true }, motd: 'from-dotenv' } });
      expect(fs.existsSync(path.join(appDir, '.tmp', 'from-dotenv.db'))).to.equal(true);
    } finally {
      await platform.destroy();
    }
  });

  it('merges config/env/<NODE_ENV>/ over config/', async () => {
    const platform = new Platform({ appDir, logLevel: 'silent', env: { NODE_ENV: 'staging', API_WITH_COUNT: 'false' } });
    try {
      await platform.start();
      expect(platform.config('api')).to.deep.equal({ rest: { prefix: '/api', defaultLimit: 5, maxLimit: 20, withCount: false }, motd: 'staging' });
      expect(platform.env('MOTD')).to.equal('from-dotenv');
      expect(platform.isPluginEnabled('i18n')).to.equal(false);
    } finally {
      await platform.destroy();
    }
  });

  it('rejects an unknown LOG_LEVEL, naming the variable', () => {
    expect(() => new Platform({ appDir, env: { LOG_LEVEL: 'verbose' } })).to.throw(BootError, 'Environment variable LOG_LEVEL must be one of silent, error, warn, info, http, debug, got "verbose"');
  });

  const badValues: Array<[string, NodeJS.ProcessEnv, (dir: string) => string]> = [
    ['an env value of the wrong type', { PORT: 'http' }, (dir) => `${path.join(dir, 'config', 'server.ts')}: Environment variable PORT must be an integer, got "http"`],
    ['a boolean typo', { API_WITH_COUNT: 'ture' }, (dir) => `${path.join(dir, 'config', 'api.ts')}: Environment variable API_WITH_COUNT must be a boolean (true/false), got "ture"`],
    ['a value out of range', { PORT: '99999' }, () => 'config/server.ts: "port" must be an integer from 0 to 65535, got 99999'],
    ['limits that contradict each other', { API_DEFAULT_LIMIT: '80' }, () => 'config/api.ts: "rest.defaultLimit" (80) must not exceed "rest.maxLimit" (50)'],
  ];
  for (const [what, env, message] of badValues) {
    it(`stops start-up on ${what}, naming the file and key`, async () => {
      const platform = new Platform({ appDir, logLevel: 'silent', env });
      let caught: unknown;
      try {
        await platform.start();
      } catch (error) {
        caught = error;
      } finally {
        await platform.destroy();
      }
      expect(caught).to.be.instanceOf(BootError);
      expect((caught as BootError).message).to.equal(message(appDir));
    });
  }
});
