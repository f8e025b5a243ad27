/**
 * docs/writing-a-plugin.md shows the code that runs: every excerpt that starts with
 * `// from <file>` must stand, line for line, in that file (the greeter and badge plugins that
 * test/kernel/third-party-plugin.test.ts loads from outside the repository), and every file
 * the guide names must exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assert, expect } from 'chai';

const REPO = path.resolve(__dirname, '..', '..');
const GUIDE = path.join(REPO, 'docs', 'writing-a-plugin.md');

interface Excerpt {
  file: string;
  lines: string[];
  /** line of the guide where the excerpt starts, for messages */
  at: number;
}

/** The fenced blocks of `markdown` whose first line is `// from <file>`. */
function excerpts(markdown: string): Excerpt[] {
  const out: Excerpt[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    if (!/^```(ts|json)$/.test(lines[i] ?? '')) continue;
    const end = lines.indexOf('```', i + 1);
    const file = /^\/\/ from (\S+)$/.exec(lines[i + 1] ?? '')?.[1];
    if (file) out.push({ file, lines: lines.slice(i + 2, end), at: i + 2 });
    i = end;
  }
  return out;
}

/** Whether `lines` stand one after the other in `text`. */
function standsIn(lines: string[], text: string): boolean {
  return text.includes(lines.join('\n'));
}

describe('the plugin guide', () => {
  const guide = fs.readFileSync(GUIDE, 'utf8');

  it('checks its excerpts against the files they come from', () => {
    const all = excerpts(guide);
    expect(all.length).to.be.at.least(12);
    const wrong = all.filter(({ file, lines }) => !fs.existsSync(path.join(REPO, file)) || !standsIn(lines, fs.readFileSync(path.join(REPO, file), 'utf8')));
    expect(wrong.map(({ file, at }) => `docs/writing-a-plugin.md:${at} (${file})`)).to.deep.equal([]);
  });

  it('names only files that exist', () => {
    const named = [...guide.matchAll(/`((?:test|plugins|core|docs)\/[\w./-]+)`/g)].map(([, file = '']) => file);
    expect(named.length).to.be.at.least(8);
    expect(named.filter((file) => !fs.existsSync(path.join(REPO, file)))).to.deep.equal([]);
  });

  it('would notice an excerpt that drifted from its file', () => {
    const [first] = excerpts('```ts\n// from x.ts\nconst a = 1;\nconst b = 2;\n```\n');
    expect(first).to.deep.equal({ file: 'x.ts', lines: ['const a = 1;', 'const b = 2;'], at: 2 });
    assert.exists(first);
    expect(standsIn(first.lines, 'const a = 1;\nconst b = 2;\n')).to.equal(true);
    expect(standsIn(first.lines, 'const a = 1;\nconst b = 3;\n')).to.equal(false);
  });
});
