#!/usr/bin/env node
/*
 * Builds the admin panel's browser app once, when the package is built: app/main.tsx bundled
 * by esbuild (React 18, Mantine) into dist/app/assets/ with a content hash in every name, each
 * asset written beside its brotli (quality 11) and gzip (level 9) forms, which the server sends
 * as they are; and dist/app/index.html, which loads them with no inline script (the default
 * Content-Security-Policy allows scripts from 'self' only). Prints the first load's size.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const esbuild = require('esbuild');

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'dist', 'app');
const assets = path.join(out, 'assets');

function compress(file) {
  const input = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(input, { level: 9 }));
}

function page(entry, styles) {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Admin</title>',
    '<link rel="icon" href="data:,">',
    ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    `<script type="module" src="${entry}"></script>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    '<noscript>The admin panel needs JavaScript.</noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

async function main() {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(assets, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'app/main.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: assets,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: '/admin/assets',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.woff2': 'file', '.svg': 'file' },
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(([, meta]) => meta.entryPoint === 'app/main.tsx');
  if (!entry) throw new Error('esbuild wrote no entry for app/main.tsx');
  const url = (file) => `/admin/assets/${path.basename(file)}`;
  const styles = outputs.filter(([file]) => file.endsWith('.css')).map(([file]) => url(file));
  fs.writeFileSync(path.join(out, 'index.html'), page(url(entry[0]), styles));
  const firstLoad = [entry[0], ...entry[1].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path), ...outputs.filter(([file]) => file.endsWith('.css')).map(([file]) => file)];
  for (const [file] of outputs) compress(path.join(root, file));
  const brotli = firstLoad.reduce((sum, file) => sum + fs.statSync(`${path.join(root, file)}.br`).size, 0);
  const gzip = firstLoad.reduce((sum, file) => sum + fs.statSync(`${path.join(root, file)}.gz`).size, 0);
  const manifest = { entry: url(entry[0]), styles, firstLoad: firstLoad.map(url), firstLoadBytes: { brotli, gzip } };
  fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`admin panel built: first load ${(brotli / 1024).toFixed(1)} KiB brotli, ${(gzip / 1024).toFixed(1)} KiB gzip (${firstLoad.length} files)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
