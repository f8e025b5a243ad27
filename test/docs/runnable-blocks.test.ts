/**
 * The README and the pages of docs/ work when pasted. Every shell block whose fence says
 * `sh runnable` is run, page by page in one bash session (a later block may use what an earlier
 * one set, such as `$JWT`), in the example app's folder against a fresh example app with its own
 * config (users and permissions, API tokens) on a database of its own; `localhost:1337` becomes
 * that server's address. `curl` fails on any answer that is not a success, so a block whose
 * request is refused fails the test. Every relative link names a page (and a heading) that exists.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { EXAMPLE_APP, startApp, type TestApp } from '../helpers/app';
import { databaseEnv, testClients } from '../helpers/databases';

const PAGES = ['README.md', ...fs.readdirSync(path.join(EXAMPLE_APP, 'docs')).map((name) => `docs/${name}`)].filter((page) => page.endsWith('.md'));
const SECRETS = { JWT_SECRET: 'runnable-blocks-jwt-secret', API_TOKEN_SALT: 'runnable-blocks-salt' };

interface Block {
  page: string;
  line: number;
  code: string;
}

/** The fenced blocks of a page, with their info string and the line their code starts on. */
function fencedBlocks(page: string): Array<Block & { info: string }> {
  const lines = fs.readFileSync(path.join(EXAMPLE_APP, page), 'utf8').split('\n');
  const blocks: Array<Block & { info: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    blocks.push({ page, line: i + 2, info: (open[1] ?? '').trim(), code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

const runnable = PAGES.flatMap((page) => fencedBlocks(page).filter((block) => block.info.split(/\s+/).includes('runnable')));

/** curl that fails on a refused request and says why, whatever flags the block gives it */
const PRELUDE = 'set -eo pipefail\ncurl() { command curl --silent --show-error --fail-with-body "$@"; }\n';

function runPage(blocks: Block[], app: TestApp, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const port = new URL(app.url).port;
  const script = PRELUDE + blocks.map((block) => `echo '>>> ${block.page}:${block.line}'\n${block.code.replaceAll('localhost:1337', `localhost:${port}`)}\n`).join('');
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: EXAMPLE_APP, env: { ...process.env, ...env, NODE_ENV: '', LOG_LEVEL: 'error' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('docs: runnable shell blocks', () => {
  it('are sh blocks, and the README has some', () => {
    expect(runnable.filter((block) => !block.info.startsWith('sh ')).map((block) => `${block.page}:${block.line}`)).to.deep.equal([]);
    expect(runnable.filter((block) => block.page === 'README.md').length).to.be.greaterThan(1);
  });

  for (const client of testClients()) {
    describe(`against a fresh example app [${client}]`, function () {
      this.timeout(120000);
      const pages = [...new Set(runnable.map((block) => block.page))];
      for (const page of pages) {
        it(`${page}`, async () => {
          const app = await startApp({ client, env: SECRETS, config: { plugins: { 'users-permissions': {}, 'api-tokens': {} } } });
          try {
            const result = await runPage(
              runnable.filter((block) => block.page === page),
              app,
              { ...SECRETS, ...databaseEnv(app.database) },
            );
            expect(result.code, result.output).to.equal(0);
          } finally {
            await app.close();
          }
        });
      }
    });
  }
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replaceAll(' ', '-');

function headings(page: string): Set<string> {
  const text = fs.readFileSync(page, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
}

describe('docs: links', () => {
  it('every relative link in the README and docs/ names a page and a heading that exist', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const file = path.join(EXAMPLE_APP, page);
      const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [name = '', anchor] = target.split('#');
        const linked = name ? path.resolve(path.dirname(file), name) : file;
        if (!fs.existsSync(linked)) broken.push(`${page}: ${target} (no such file)`);
        else if (anchor && linked.endsWith('.md') && !headings(linked).has(anchor)) broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).to.deep.equal([]);
  });
});
