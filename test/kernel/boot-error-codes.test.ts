/**
 * The kernel's BootError and InternalError codes are declared lists: every code in them is
 * raised by the kernel itself (plugins own their codes, see plugin-error-catalogue.test.ts), and
 * the kernel's start-up failures carry the code and a message naming what is wrong.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BOOT_ERROR_CODES, INTERNAL_ERROR_CODES, BootError, Platform, definePlugin, type BootErrorCode, type PlatformOptions } from '@platform/core';
import { EXAMPLE_APP } from '../helpers/app';

const REPO = path.resolve(__dirname, '..', '..');

/** Every `.ts` file under `dir`, tests and specs excluded. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** The codes passed literally to `new <className>('CODE'` in the kernel's sources. */
function raisedCodes(className: string): string[] {
  const pattern = new RegExp(`new ${className}\\(\\s*'([A-Z_]+)'`, 'g');
  const raised = new Set<string>();
  for (const file of sourceFiles(path.join(REPO, 'core', 'src'))) {
    for (const [, code] of fs.readFileSync(file, 'utf8').matchAll(pattern)) if (code) raised.add(code);
  }
  return [...raised].sort();
}

for (const [className, codes] of [
  ['BootError', BOOT_ERROR_CODES],
  ['InternalError', INTERNAL_ERROR_CODES],
] as const) {
  describe(`${className} codes`, () => {
    it('are declared once, without duplicates', () => {
      expect(new Set(codes).size).to.equal(codes.length);
    });

    it('are each raised by the kernel, core/src (no declared code is left unused)', () => {
      expect(raisedCodes(className)).to.deep.equal([...codes].sort());
    });
  });
}

describe('kernel start-up failures', function () {
  this.timeout(30000);
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const databaseFile = path.join(EXAMPLE_APP, 'config', 'database.ts');

  function platformFor(options: Partial<PlatformOptions>): Platform {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-codes-'));
    dirs.push(dir);
    return new Platform({
      appDir: EXAMPLE_APP,
      env: {},
      logLevel: 'silent',
      ...options,
      config: { database: { connection: { client: 'sqlite', connection: { filename: path.join(dir, 'data.db') } } }, ...(options.config ?? {}) },
    });
  }

  async function bootError(options: Partial<PlatformOptions>): Promise<{ code: BootErrorCode; message: string }> {
    const platform = platformFor(options);
    try {
      await platform.start();
    } catch (error) {
      expect(error).to.be.instanceOf(BootError);
      return { code: (error as BootError).code, message: (error as BootError).message };
    } finally {
      await platform.destroy();
    }
    throw new Error('expected start() to fail');
  }

  const probe = (routeConfig: Record<string, unknown>, handler: string | (() => unknown) = () => ({ data: 1 })) =>
    definePlugin({ name: 'probe', routes: [{ method: 'GET', path: '/a', handler, config: routeConfig }] });

  it('CONFIG_DATABASE_CLIENT: an unsupported database client', async () => {
    expect(await bootError({ config: { database: { connection: { client: 'oracle', connection: {} } } } })).to.deep.equal({
      code: 'CONFIG_DATABASE_CLIENT',
      message: `${databaseFile}: connection.client "oracle" is not supported (use sqlite, mysql or postgres; also taken: sqlite3, better-sqlite3, mysql2, mariadb, pg, postgresql)`,
    });
  });

  it('CONFIG_DATABASE: a database section without a connection', async () => {
    expect(await bootError({ config: { database: { schema: 'other' } } })).to.deep.equal({
      code: 'CONFIG_DATABASE',
      message: `${databaseFile}: "connection" is required`,
    });
  });

  it('DB_CONNECT: a database that cannot be reached', async () => {
    const connection = { client: 'postgres', connection: { host: '127.0.0.1', port: 1, user: 'postgres', database: 'none' } };
    expect(await bootError({ config: { database: { connection } } })).to.deep.equal({
      code: 'DB_CONNECT',
      message: `Cannot connect to the postgres database (${databaseFile}): connect ECONNREFUSED 127.0.0.1:1`,
    });
  });

  it('CONFIG_PLUGINS: a plugin whose config.validate throws', async () => {
    const plugin = definePlugin({
      name: 'probe',
      config: {
        validate: () => {
          throw new Error('"size" must be a number');
        },
      },
    });
    expect(await bootError({ plugins: [plugin] })).to.deep.equal({
      code: 'CONFIG_PLUGINS',
      message: 'config/plugins.ts: "probe.config" is invalid: "size" must be a number',
    });
  });

  it('ROUTE_HANDLER: a route naming a controller action that does not exist', async () => {
    expect(await bootError({ plugins: [probe({}, 'plugin::probe.nope.find')] })).to.deep.equal({
      code: 'ROUTE_HANDLER',
      message: 'Route GET /a: handler "plugin::probe.nope.find" is not a controller action',
    });
  });

  it('ROUTE_POLICY: a route naming an unknown policy', async () => {
    expect(await bootError({ plugins: [probe({ policies: ['missing'] })] })).to.deep.equal({
      code: 'ROUTE_POLICY',
      message: 'Route GET /a: unknown policy "missing"',
    });
  });

  it('ROUTE_MIDDLEWARE: a route naming an unknown middleware', async () => {
    expect(await bootError({ plugins: [probe({ middlewares: ['missing'] })] })).to.deep.equal({
      code: 'ROUTE_MIDDLEWARE',
      message: 'Route GET /a: unknown middleware "missing"',
    });
  });

  it('DB_NOT_READY, MODELS_NOT_READY and PLATFORM_STATE: using the platform out of order', async () => {
    const platform = platformFor({});
    const codeOf = (fn: () => unknown): string | null => {
      try {
        fn();
      } catch (error) {
        expect(error).to.be.instanceOf(BootError);
        return (error as BootError).code;
      }
      return null;
    };
    try {
      expect(codeOf(() => platform.db)).to.equal('DB_NOT_READY');
      expect(codeOf(() => platform.models)).to.equal('MODELS_NOT_READY');
      expect(codeOf(() => platform.callback())).to.equal('PLATFORM_STATE');
      await platform.start();
      expect(codeOf(() => platform.addRoutes([{ method: 'GET', path: '/late', handler: () => 1 }]))).to.equal('ROUTES_FROZEN');
      let again: unknown = null;
      await platform.start().catch((error: unknown) => {
        again = error;
      });
      expect(again).to.be.instanceOf(BootError);
      expect((again as BootError).code).to.equal('PLATFORM_STATE');
    } finally {
      await platform.destroy();
    }
  });
});
