/**
 * Not a test: a tool to list divergences beyond the first one a property stops at.
 * `TEST_DATABASES=sqlite,mysql,postgres npx tsx test/consistency/explore.ts [count] [seed]`
 * samples queries, sends each to every database, and for each disagreement tries every single
 * filter condition of it alone, printing the smallest requests that still disagree, grouped.
 */
import fc from 'fast-check';
import qs from 'qs';
import { startApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { askAll, badStatus, divergence } from './compare';
import { ARTICLES_TARGET, OTHER_TARGETS, queryArb } from './query-arbitraries';
import { seed } from './seed';

/** Every single-condition filter of a filter object, as its own filter object. */
function leaves(filter: unknown, prefix: string[] = []): Array<Record<string, unknown>> {
  if (!filter || typeof filter !== 'object') return [];
  const out: Array<Record<string, unknown>> = [];
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if (key === '$and' || key === '$or' || /^\d+$/.test(key) || key === '$not') {
      out.push(...leaves(value, prefix));
      continue;
    }
    if (key.startsWith('$')) {
      out.push(build([...prefix, key], value));
      continue;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) out.push(...leaves(value, [...prefix, key]));
    else out.push(build([...prefix, key], value));
  }
  return out;
}

function build(path: string[], value: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 300);
  const seedValue = Number(process.argv[3] ?? 1);
  const apps = await Promise.all(testClients().map((client) => startApp({ client })));
  try {
    await Promise.all(apps.map(seed));
    const all = [ARTICLES_TARGET, ...OTHER_TARGETS];
    const arbs = [
      queryArb({ filters: 'deep', state: true, targets: all }),
      queryArb({ sort: true, pagination: true, state: true, targets: all }),
      queryArb({ fields: true, populate: true, state: true }),
      queryArb({ filters: 'deep', sort: true, pagination: true, fields: true, populate: true, state: true, targets: all }),
    ];
    // XDB_EXCLUDE: a regular expression of known divergences to leave out of the sample
    const exclude = process.env.XDB_EXCLUDE ? new RegExp(process.env.XDB_EXCLUDE) : null;
    const urls = arbs.flatMap((arb, i) => fc.sample(arb, { numRuns: count, seed: seedValue + i })).filter((url) => !exclude?.test(decodeURIComponent(url)));
    const found = new Map<string, string>();
    for (const url of urls) {
      const answers = await askAll(apps, 'GET', url);
      const problem = badStatus(decodeURIComponent(url), answers) ?? divergence(decodeURIComponent(url), answers);
      if (!problem) continue;
      const [path, query = ''] = url.split('?');
      const params = qs.parse(query, { depth: 20, arrayLimit: 100 }) as Record<string, unknown>;
      let smallest: string[] = [];
      for (const leaf of leaves(params.filters)) {
        const single = `${path}?${qs.stringify({ ...params, filters: leaf }, { encodeValuesOnly: true })}`;
        const bare = `${path}?${qs.stringify({ filters: leaf, publicationState: 'preview', locale: 'all' }, { encodeValuesOnly: true })}`;
        for (const candidate of [bare, single]) {
          const a = await askAll(apps, 'GET', candidate);
          const p = badStatus(decodeURIComponent(candidate), a) ?? divergence(decodeURIComponent(candidate), a);
          if (p) {
            smallest.push(p);
            break;
          }
        }
      }
      if (smallest.length === 0) smallest = [problem];
      for (const p of smallest) {
        const [firstLine = ''] = p.split('\n');
        const key = firstLine.replace(/=[^&]*/g, '=').slice(0, 200);
        if (!found.has(key)) found.set(key, p);
      }
    }
    for (const p of found.values())
      console.log(
        `${p
          .split('\n')
          .map((l) => l.slice(0, 700))
          .join('\n')}\n`,
      );
    console.log(`${found.size} kinds of divergence in ${urls.length} queries`);
  } finally {
    await Promise.all(apps.map((app) => app.close()));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
