#!/usr/bin/env node
// The `platform` command. It runs the compiled kernel and plugins (dist/, `npm run build`) with
// no TypeScript loader in the process. In a checkout of the repository they can run from their
// TypeScript sources instead, through tsx: when node runs with `--conditions=platform-source`
// (the tests do, and `develop`'s servers), for `develop` itself, and for any command but
// `start` while nothing is built yet.
const fs = require('node:fs');
const path = require('node:path');
const { splitCommandLine } = require('./argv');

const SOURCE_CONDITION = 'platform-source';
const COMPILED = path.join(__dirname, '..', 'dist', 'cli', 'main.js');
const SOURCE = path.join(__dirname, '..', 'src', 'cli', 'main.ts');
const CODE_CACHE = path.join(__dirname, '..', 'dist', 'cli', 'code-cache.js');
/** a module of ../src/cli/, compiled or as sources */
const cliModule = (folder, name) => path.join(__dirname, '..', folder, 'cli', `${name}.${folder === 'dist' ? 'js' : 'ts'}`);

/**
 * The folder the kernel's packages are installed in: the app's, above `node_modules`, or a
 * checkout's root (the folder beside the kernel that holds node_modules).
 */
function installationRoot() {
  const kernel = path.resolve(__dirname, '..');
  const installed = kernel.indexOf(`${path.sep}node_modules${path.sep}`);
  if (installed >= 0) return kernel.slice(0, installed);
  for (let dir = path.dirname(kernel); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules'))) return dir;
    if (path.dirname(dir) === dir) return kernel;
  }
}

/** Whether `--conditions=platform-source` (or `-C platform-source`) is among node's options. */
function sourceConditionSet() {
  const options = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return options.some((option, i) => {
    const [flag, value = options[i + 1]] = option.split(/=(.*)/s);
    return (flag === '--conditions' || flag === '-C') && value === SOURCE_CONDITION;
  });
}

function run(main) {
  main(process.argv.slice(2)).catch((error) => {
    // A usage or start-up error already says what is wrong and where; a stack would only bury it.
    const expected = error && (error.name === 'CliUsageError' || error.name === 'BootError' || error.name === 'CommandError');
    process.stderr.write(`${expected ? `platform: ${error.message}` : error?.stack ? error.stack : error}\n`);
    // A usage mistake exits 2 (as shells' own commands do), a start-up or run failure 1.
    process.exit(error && error.name === 'CliUsageError' ? 2 : 1);
  });
}

/**
 * Before anything loads: lodash's methods come from its one-file build, not a file each, and a
 * package installed twice at one version loads once.
 */
function hookLoading(folder) {
  require(cliModule(folder, 'lodash-methods')).answerLodashMethodsFromBuild();
  require(cliModule(folder, 'same-version-packages')).loadOneCopyPerVersion();
}

function runFromSource() {
  require('tsx/cjs/api').register();
  hookLoading('src');
  run(require(SOURCE).main);
}

/** Runs this command again with the source condition, so that plugin packages resolve to their sources too. */
function rerunWithSourceCondition() {
  const { spawnSync } = require('node:child_process');
  const args = [`--conditions=${SOURCE_CONDITION}`, ...process.execArgv, __filename, ...process.argv.slice(2)];
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

/** sources, and tsx to run them: a checkout with its development dependencies */
function canRunSource() {
  if (!fs.existsSync(SOURCE)) return false;
  try {
    require.resolve('tsx/cjs/api');
    return true;
  } catch {
    return false;
  }
}

const { command } = splitCommandLine(process.argv.slice(2));
const hasSource = canRunSource();
if (hasSource && (sourceConditionSet() || command === 'develop')) runFromSource();
else if (fs.existsSync(COMPILED)) {
  const root = installationRoot();
  // first, so that it keeps Node's own answers, under the hooks that change some of them
  require(cliModule('dist', 'resolution-cache')).keepResolutions(root);
  hookLoading('dist');
  // The next start-ups skip compiling the modules again: Node 22.1 and later keep their
  // compiled code on disk (in the temporary folder), and ../src/cli/code-cache.ts does so on Node 20.
  const { enableCompileCache } = require('node:module');
  if (enableCompileCache) enableCompileCache();
  else require(CODE_CACHE).installCodeCache(root);
  run(require(COMPILED).main);
} else if (hasSource && command !== 'start') rerunWithSourceCondition();
else {
  process.stderr.write('platform: the packages are not built (no core/dist): run `npm run build` first\n');
  process.exit(1);
}
