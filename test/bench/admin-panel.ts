/**
 * The admin panel's first load, as a browser on a fresh cache fetches it: the page and the
 * assets it loads before it can show anything (the build's manifest lists them: the entry, the
 * chunks it imports statically, the styles), each fetched over HTTP in the smallest encoding
 * offered (`br`) and counted in bytes on the wire. The goal: at most 500 KB.
 */
import fs from 'node:fs';
import path from 'node:path';

export const FIRST_LOAD_GOAL_BYTES = 500 * 1000;

export interface FirstLoad {
  bytes: number;
  files: number;
}

export async function measureFirstLoad(url: string): Promise<FirstLoad> {
  const manifestFile = path.join(path.dirname(require.resolve('@platform/admin/package.json')), 'dist', 'app', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { firstLoad: string[] };
  let bytes = 0;
  for (const file of ['/admin', ...manifest.firstLoad]) {
    const res = await fetch(url + file, { headers: { 'accept-encoding': 'br, gzip' } });
    if (!res.ok) throw new Error(`${file}: ${res.status}`);
    // fetch decodes the body: the bytes on the wire are the declared length
    const length = Number(res.headers.get('content-length'));
    bytes += Number.isFinite(length) && length > 0 ? length : (await res.arrayBuffer()).byteLength;
  }
  return { bytes, files: 1 + manifest.firstLoad.length };
}
