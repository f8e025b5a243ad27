import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Logger } from '../base/logger';
import { buildGlobalMiddlewares, type GlobalMiddlewareSources } from './global-middlewares';
import { PASS_THROUGH } from './pass-through';

function sources(appDir: string): GlobalMiddlewareSources {
  return {
    appDir,
    logger: { enabled: () => false, http() {}, error() {}, debug() {} } as unknown as Logger,
    bodyLimit: '1mb',
    list: null,
    file: 'config/middlewares.ts',
    appArgs: { platform: {} },
    pluginMiddleware: () => undefined,
    placed: [],
  };
}

describe('buildGlobalMiddlewares', () => {
  let appDir = '';
  beforeEach(() => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'global-middlewares-'));
  });
  afterEach(() => fs.rmSync(appDir, { recursive: true, force: true }));

  it('leaves out the built-ins with nothing to do: session, and favicon and public without their files', () => {
    const built = buildGlobalMiddlewares(sources(appDir));
    // logger, errors, security, cors, poweredBy, query, body
    expect(built).to.have.length(7);
    expect(built).not.to.include(PASS_THROUGH);
  });

  it('keeps favicon and public when the app has them', () => {
    fs.writeFileSync(path.join(appDir, 'favicon.ico'), 'icon');
    fs.mkdirSync(path.join(appDir, 'public'));
    expect(buildGlobalMiddlewares(sources(appDir))).to.have.length(9);
  });
});
