/**
 * The packages as they are published: built, packed, installed by `npm ci` into an app outside
 * the repository. The tarballs hold the compiled JavaScript and its declarations (no sources,
 * no specs); `platform start` there runs with no TypeScript loader in the process, compiles the
 * app's own TypeScript files, and answers; a plugin written against the installed
 * `@platform/core` type-checks against its declarations.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { runPlatform } from '../helpers/cli-process';
import { buildPackages, copyExampleApp, installPackages, packPackages, PLAIN_ENV, ROOT, tarballFiles } from './packed-app';

const run = promisify(execFile);

/** the tarball packed for a package, which the test packed */
function tarballOf(tarballs: Map<string, string>, name: string): string {
  const file = tarballs.get(name);
  if (!file) throw new Error(`no tarball of ${name}`);
  return file;
}

describe('the packed packages, installed into an app outside the repository', function () {
  this.timeout(300_000);
  let workDir: string;
  let appDir: string;
  let tarballs: Map<string, string>;

  before(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-packed-'));
    appDir = path.join(workDir, 'site');
    fs.mkdirSync(appDir);
    await buildPackages();
    tarballs = await packPackages(workDir);
    await installPackages(appDir, tarballs);
    copyExampleApp(appDir);
    // app code that imports more TypeScript, compiled along with the file that imports it
    fs.mkdirSync(path.join(appDir, 'lib', 'limits'), { recursive: true });
    fs.writeFileSync(path.join(appDir, 'lib', 'limits', 'index.ts'), "import { base } from './base';\nexport const DEFAULT_LIMIT: number = base * 7;\n");
    fs.writeFileSync(path.join(appDir, 'lib', 'limits', 'base.ts'), 'export const base: number = 1;\n');
    const apiConfig = path.join(appDir, 'config', 'api.ts');
    fs.writeFileSync(apiConfig, `import { DEFAULT_LIMIT } from '../lib/limits';\n${fs.readFileSync(apiConfig, 'utf8').replace('defaultLimit: 25', 'defaultLimit: DEFAULT_LIMIT')}`);
    // a plugin in TypeScript beside the app, not installed: its `@platform/core` is the app's
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'third-party-plugin'), path.join(workDir, 'greeter'), { recursive: true });
    const pluginsConfig = path.join(appDir, 'config', 'plugins.ts');
    fs.writeFileSync(
      pluginsConfig,
      fs.readFileSync(pluginsConfig, 'utf8').replace("  'users-permissions': {", "  greeter: { resolve: '../greeter', config: { greeting: 'Bonjour' } },\n  'users-permissions': {"),
    );
  });

  after(() => fs.rmSync(workDir, { recursive: true, force: true }));

  it('packs every package as compiled JavaScript with declarations, without sources or tests', async () => {
    expect([...tarballs.keys()].sort())
      .to.have.length(17)
      .and.include.members(['@platform/core', '@platform/query-engine', '@platform/graphql']);
    for (const [name, tarball] of tarballs) {
      const files = await tarballFiles(tarball);
      expect(files, name).to.include.members(['package.json', 'dist/index.js', 'dist/index.d.ts']);
      // the admin panel's browser app, built with its package: hashed assets beside their compressed forms
      const others = files.filter(
        (file) =>
          !/^dist\/.+\.(js|d\.ts)$/.test(file) &&
          !/^dist\/app\//.test(file) &&
          !['package.json', 'README.md', 'bin/platform.js', 'bin/argv.js', 'bin/argv.d.ts', 'assets/console-start.js'].includes(file),
      );
      expect(others, name).to.deep.equal([]);
      expect(
        files.filter((file) => /\.spec\.|\.test\.|(^|\/)(test|spec-[^/]*)($|\/|\.)/.test(file)),
        name,
      ).to.deep.equal([]);
    }
    expect(await tarballFiles(tarballOf(tarballs, '@platform/core'))).to.include.members(['bin/platform.js', 'bin/argv.js', 'dist/cli/main.js', 'dist/cli/main.d.ts']);
    const admin = await tarballFiles(tarballOf(tarballs, '@platform/admin'));
    expect(admin).to.include.members(['dist/app/index.html', 'dist/app/manifest.json']);
    expect(admin.filter((file) => /^dist\/app\/assets\/main-[A-Z0-9]+\.js(\.br|\.gz)?$/.test(file))).to.have.length(3);
    // a browser script the GraphQL console serves, shipped as it is
    expect(await tarballFiles(tarballOf(tarballs, '@platform/graphql'))).to.include('assets/console-start.js');
  });

  it('platform start serves the app from the compiled packages, with no TypeScript loader in the process', async () => {
    const probeFile = path.join(workDir, 'modules.json');
    const bin = path.join(appDir, 'node_modules', '@platform', 'core', 'bin', 'platform.js');
    const server = runPlatform(
      ['start', '--app', appDir],
      { ...PLAIN_ENV, NODE_OPTIONS: `--require ${path.join(ROOT, 'test', 'fixtures', 'module-probe.js')}`, MODULE_PROBE_FILE: probeFile, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      appDir,
      bin,
    );
    try {
      const [, url] = await server.waitFor(/serving .+ at (http:\/\/\S+)/, 1, 60_000);
      const res = await fetch(`${url}/api/articles`);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ data: [], meta: { pagination: { page: 1, pageSize: 7, pageCount: 0, total: 0 } } });
      const greeting = await fetch(`${url}/api/greeter/hello/Ada`);
      expect(greeting.status).to.equal(200);
      expect(await greeting.json()).to.deep.equal({ data: { message: 'Bonjour, Ada!' } });
    } finally {
      server.process.kill('SIGTERM');
    }
    expect(await server.exited, server.output()).to.equal(0);
    const report = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as { typeScriptLoader: boolean; modules: string[] };
    expect(report.typeScriptLoader).to.equal(false);
    const real = (file: string) => fs.realpathSync(file);
    // platform's own modules, not the dependencies a package keeps in its own node_modules
    const platformModules = report.modules.filter((file) => file.includes(`${path.sep}@platform${path.sep}`) && !/[\\/]@platform[\\/][^\\/]+[\\/]node_modules[\\/]/.test(file));
    expect(platformModules.length).to.be.greaterThan(100);
    expect(platformModules.filter((file) => !file.includes(`${path.sep}dist${path.sep}`) && !/[\\/]bin[\\/](platform|argv)\.js$/.test(file))).to.deep.equal([]);
    expect(report.modules.filter((file) => file.includes(`${path.sep}tsx${path.sep}`))).to.deep.equal([]);
    // the only TypeScript that ran is the app's own and its local plugin's, compiled as it was loaded
    const typeScript = report.modules.filter((file) => file.endsWith('.ts'));
    expect(typeScript).to.include.members(['config/database.ts', 'config/api.ts', 'lib/limits/index.ts', 'lib/limits/base.ts'].map((file) => path.join(real(appDir), file)));
    expect(typeScript).to.include.members(['index.ts', 'greetings-field.ts'].map((file) => path.join(real(workDir), 'greeter', file)));
    expect(typeScript.filter((file) => !file.startsWith(real(workDir) + path.sep) || file.includes('node_modules'))).to.deep.equal([]);
  });

  it('a plugin outside the repository type-checks against the declarations of the installed packages', async () => {
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const options = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'node16', '--moduleResolution', 'node16', '--types', 'node', '--typeRoots', path.join(ROOT, 'node_modules', '@types')];
    const plugin = path.join(appDir, 'plugin.ts');
    fs.writeFileSync(
      plugin,
      "import { definePlugin, ValidationError } from '@platform/core';\nexport default definePlugin({ name: 'greeter', register(ctx) { ctx.log.info(new ValidationError('checked').message); } });\n",
    );
    await run(process.execPath, [tsc, ...options, plugin], { cwd: appDir, env: PLAIN_ENV });
    // the declarations are real types, not `any`: a wrong plugin is refused
    fs.writeFileSync(plugin, "import { definePlugin } from '@platform/core';\nexport default definePlugin({ name: 42 });\n");
    const failed = await run(process.execPath, [tsc, ...options, plugin], { cwd: appDir, env: PLAIN_ENV }).then(
      () => null,
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).to.match(/plugin\.ts\(2,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
  });
});
