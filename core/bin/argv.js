// The one reading of a `platform` command line that every part needs before the command's own
// options: which command (the first word that is neither an option nor an option's value) and
// which app folder (`--app DIR` / `--app=DIR`, the last one given). Plain CommonJS without
// dependencies: bin/platform.js reads the command before it knows whether to load the compiled
// kernel or its sources, and the kernel's CLI (src/cli/main.ts, dist/cli/main.js) reads the
// same split from this file.
const path = require('node:path');

/** The kernel's options that take the next word as their value. */
const VALUE_OPTIONS = ['--app', '--table', '--workers', '--port', '--host'];

/**
 * `argv` (without node and the script) -> `{ command, appDir, args }`: `args` is the rest in
 * order, without the command word and without `--app`; `appDir` is resolved against `cwd`.
 */
function splitCommandLine(argv, cwd = process.cwd()) {
  let command = null;
  let appDir = cwd;
  const args = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--app') appDir = path.resolve(cwd, argv[++i] ?? '.');
    else if (arg.startsWith('--app=')) appDir = path.resolve(cwd, arg.slice(6));
    else if (VALUE_OPTIONS.includes(arg)) {
      args.push(arg);
      if (i + 1 < argv.length) args.push(argv[++i]);
    } else if (command === null && !arg.startsWith('-')) command = arg;
    else args.push(arg);
  }
  return { command, appDir, args };
}

module.exports = { VALUE_OPTIONS, splitCommandLine };
