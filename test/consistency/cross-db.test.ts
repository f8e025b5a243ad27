/**
 * Every feature behaves the same on SQLite, MariaDB and PostgreSQL. One example app per
 * database of TEST_DATABASES gets the same data through the REST API; seeded fast-check
 * properties then send the same random, valid requests to all of them and require the same
 * status and body (clock timestamps aside). With a single database, the same requests must
 * answer 200 or a 400 envelope, never a 500.
 *
 * XDB_RUNS (default 200) sets the runs of each read property, XDB_SEED the seed.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { askAll, badStatus, divergence } from './compare';
import { ARTICLES_TARGET, OTHER_TARGETS, queryArb } from './query-arbitraries';
import { seed } from './seed';
import { comparableState, writeStepsArb, type WriteStep } from './write-arbitraries';

const clients = testClients();
const MULTI = clients.length >= 2;
const RUNS = Number(process.env.XDB_RUNS ?? 200);
const SEED = Number(process.env.XDB_SEED ?? 20261126);
/** With one database there is nothing to compare: a smaller smoke check of the statuses. */
const READ_RUNS = MULTI ? RUNS : Math.max(10, Math.round(RUNS / 4));

const readable = (url: string) => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};

describe(`cross-database consistency [${clients.join(',')}]`, function () {
  this.timeout(180000);
  let apps: TestApp[] = [];

  before(async () => {
    apps = await Promise.all(clients.map((client) => startApp({ client })));
    await Promise.all(apps.map(seed));
  });

  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  /** One request to every app: never a 500 anywhere, and (with several) the same answer. */
  async function check(url: string): Promise<void> {
    const answers = await askAll(apps, 'GET', url);
    const bad = badStatus(readable(url), answers);
    if (bad) throw new Error(`not 200 or a 400 envelope:\n${bad}`);
    const split = MULTI ? divergence(readable(url), answers) : null;
    if (split) throw new Error(`databases disagree:\n${split}`);
  }

  const readProperty = (title: string, arb: fc.Arbitrary<string>) =>
    it(title, async () => {
      await fc.assert(fc.asyncProperty(arb, check), { seed: SEED, numRuns: READ_RUNS });
    });

  it('the seeded data reads back the same everywhere', async () => {
    await check('/api/articles?publicationState=preview&locale=all&populate[category]=true&populate[tags]=true&populate[author][populate]=profile&populate[related]=true&populate[seo][populate]=tags&populate[blocks]=true&populate[localizations]=true&pagination[pageSize]=100');
    await check('/api/global?populate[defaultSeo][populate]=tags');
    for (const path of ['/api/tags', '/api/categories', '/api/writers', '/api/profiles']) await check(`${path}?populate=*&pagination[pageSize]=100`);
  });

  readProperty('filters on every scalar type of an entry', queryArb({ filters: 'root', state: true }));
  readProperty('filters through relations and components, nested in $and/$or/$not', queryArb({ filters: 'deep', state: true }));
  readProperty('sort on one to three fields (relations too) with both pagination modes', queryArb({ sort: true, pagination: true, state: true }));
  readProperty('fields and every populate form', queryArb({ fields: true, populate: true, state: true }));
  readProperty('everything together, on every collection type', queryArb({ filters: 'deep', sort: true, pagination: true, fields: true, populate: true, state: true, targets: [ARTICLES_TARGET, ...OTHER_TARGETS] }));

  /**
   * Writes change the data, so they run after the reads. Each step is sent to every app and
   * must answer the same; after each sequence the whole populated state must be the same.
   */
  it('random PUT sequences leave the same state everywhere', async () => {
    await fc.assert(
      fc.asyncProperty(writeStepsArb, async (steps: WriteStep[]) => {
        for (const step of steps) {
          const answers = await askAll(apps, 'PUT', step.url, step.body);
          const request = `PUT ${step.url} ${JSON.stringify(step.body)}`;
          const bad = badStatus(request, answers);
          if (bad) throw new Error(`not 200 or a 400 envelope:\n${bad}`);
          const split = MULTI ? divergence(request, answers) : null;
          if (split) throw new Error(`databases disagree:\n${split}`);
        }
        if (!MULTI) return;
        const states = await Promise.all(apps.map((app) => comparableState(app)));
        const split = divergence(`state after ${steps.length} PUT(s)`, states);
        if (split) throw new Error(`databases disagree:\n${split}`);
      }),
      { seed: SEED, numRuns: Math.max(5, Math.round(RUNS / 8)) },
    );
  });

  /** Last: these writes may succeed on one database and not another, which changes the data. */
  it('unique checks answer the same for case and padding twins', async () => {
    const requests: Array<[string, unknown]> = [
      ['/api/categories', { data: { name: 'technology' } }],
      ['/api/categories', { data: { name: 'Technology ' } }],
      ['/api/categories', { data: { name: 'economie' } }],
      ['/api/articles', { data: { title: 'twin', slug: 'Hello-World', publishedAt: null } }],
    ];
    const splits: string[] = [];
    for (const [url, body] of requests) {
      const answers = await askAll(apps, 'POST', url, body);
      const split = MULTI ? divergence(`POST ${url} ${JSON.stringify(body)}`, answers) : badStatus(url, answers);
      if (split) splits.push(split);
    }
    expect(splits.join('\n'), 'unique checks').to.equal('');
  });
});
