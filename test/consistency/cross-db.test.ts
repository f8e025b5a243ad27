/**
 * Every feature behaves the same on SQLite, MariaDB and PostgreSQL. One example app per
 * database of TEST_DATABASES gets the same data through the REST API; seeded fast-check
 * properties then send the same random, valid requests to all of them and require the same
 * status and body (clock timestamps aside). With a single database, the same requests must
 * answer 200 or a 400/404 envelope, never a 500.
 *
 * XDB_RUNS (default 200) sets the runs of each read property, XDB_SEED the seed. XDB_EXCLUDE, a
 * regular expression, skips generated requests whose decoded text matches it: a way to look
 * past a known divergence while it is being fixed, never a default.
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

const EXCLUDE = process.env.XDB_EXCLUDE ? new RegExp(process.env.XDB_EXCLUDE) : null;
const excluded = (text: string) => EXCLUDE?.test(text);

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
    if (bad) throw new Error(`not 200 or an error envelope:\n${bad}`);
    const split = MULTI ? divergence(readable(url), answers) : null;
    if (split) throw new Error(`databases disagree:\n${split}`);
  }

  const readProperty = (title: string, arb: fc.Arbitrary<string>) =>
    it(title, async () => {
      await fc.assert(
        fc.asyncProperty(arb, async (url) => {
          fc.pre(!excluded(readable(url)));
          await check(url);
        }),
        { seed: SEED, numRuns: READ_RUNS },
      );
    });

  it('the seeded data reads back the same everywhere', async () => {
    await check(
      '/api/articles?publicationState=preview&locale=all&populate[category]=true&populate[tags]=true&populate[author][populate]=profile&populate[related]=true&populate[seo][populate]=tags&populate[blocks]=true&populate[localizations]=true&pagination[pageSize]=100',
    );
    await check('/api/global?populate[defaultSeo][populate]=tags');
    for (const path of ['/api/tags', '/api/categories', '/api/writers', '/api/profiles']) await check(`${path}?populate=*&pagination[pageSize]=100`);
  });

  readProperty('filters on every scalar type of an entry', queryArb({ filters: 'root', state: true }));
  readProperty('filters through relations and components, nested in $and/$or/$not', queryArb({ filters: 'deep', state: true }));
  readProperty('sort on one to three fields (relations too) with both pagination modes', queryArb({ sort: true, pagination: true, state: true }));
  readProperty('fields and every populate form', queryArb({ fields: true, populate: true, state: true }));
  readProperty('findOne with fields, every populate form, publicationState and locale', queryArb({ fields: true, populate: true, state: true, byId: true }));
  readProperty(
    'everything together (with the _q search), on every collection type',
    queryArb({ filters: 'deep', sort: true, pagination: true, fields: true, populate: true, state: true, search: true, targets: [ARTICLES_TARGET, ...OTHER_TARGETS] }),
  );

  /**
   * Writes change the data, so they run after the reads. Each step is sent to every app and
   * must answer the same, and leave the same populated state and link/component rows.
   */
  it('random PUT sequences leave the same state everywhere', async () => {
    await fc.assert(
      fc.asyncProperty(writeStepsArb, async (steps: WriteStep[]) => {
        fc.pre(!steps.some((step) => excluded(`PUT ${step.url} ${JSON.stringify(step.body)}`)));
        for (const step of steps) {
          const answers = await askAll(apps, 'PUT', step.url, step.body);
          const request = `PUT ${step.url} ${JSON.stringify(step.body)}`;
          const bad = badStatus(request, answers);
          if (bad) throw new Error(`not 200 or an error envelope:\n${bad}`);
          if (!MULTI) continue;
          const split = divergence(request, answers);
          if (split) throw new Error(`databases disagree:\n${split}`);
          const states = await Promise.all(apps.map((app) => comparableState(app)));
          const stateSplit = divergence(`state after ${request}`, states);
          if (stateSplit) throw new Error(`databases disagree:\n${stateSplit}`);
        }
      }),
      // no shrinking: the data keeps the failed run's writes, so a shorter replay proves nothing;
      // the state is compared after each step instead, which names the step that split it
      { seed: SEED, numRuns: Math.max(5, Math.round(RUNS / 8)), endOnFailure: true },
    );
  });

  /**
   * JSON values: what a client writes is what every database gives back, key order included
   * (integer-like keys first: a JavaScript object has no other order), and a string that looks
   * like JSON stays a string. These create entries, so they run after the properties.
   */
  it('JSON values read back as they were written', async () => {
    const values: unknown[] = [
      { zeta: 1, b: { y: 2, x: [3, { d: 4, c: 5 }] }, a: null, 中文: '值', '10': 'ten', '2': 'two' },
      'false',
      '42',
      'null',
      '"quoted"',
      '[1,2]',
      '{"a":1}',
      false,
      true,
      0,
      -1.5,
      [true, false, null],
      '',
    ];
    const problems: string[] = [];
    for (const meta of values) {
      const created = await askAll(apps, 'POST', '/api/articles', { data: { title: 'json value', meta, publishedAt: null } });
      const id = JSON.parse(created[0]?.body ?? '{}').data?.id;
      const read = await askAll(apps, 'GET', `/api/articles/${id}?publicationState=preview&fields[0]=meta`);
      const label = `meta ${JSON.stringify(meta)}`;
      const statuses = created.map((a) => `${a.client} ${a.status}`);
      if (created.some((a) => a.status !== 200)) problems.push(`POST ${label}: ${statuses.join(', ')}`);
      for (const answer of read) {
        const back = JSON.parse(answer.body).data?.attributes?.meta;
        if (JSON.stringify(back) !== JSON.stringify(meta)) problems.push(`${label} reads back on ${answer.client} as ${JSON.stringify(back)}`);
      }
    }
    expect(problems.join('\n'), 'json values').to.equal('');
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
  /**
   * Values at the edges of the column types: every database must store the same thing or
   * refuse it the same way (a 400, never a 500). Entry ids may already differ here (the
   * tests above create entries on some databases only), so only the status and the value
   * read back are compared.
   */
  it('values at the edges of column types are stored or refused alike', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['/api/articles', 'price', 9.989],
      ['/api/articles', 'price', 0.001],
      ['/api/articles', 'price', 123456789.12],
      ['/api/articles', 'rating', 1.2345678901234567],
      ['/api/articles', 'views', 2147483648],
      ['/api/tags', 'name', 'x'.repeat(256)],
      ['/api/tags', 'name', '🎉'.repeat(256)],
      ['/api/tags', 'name', 'nul\u0000char'],
      ['/api/profiles', 'bio', 'y'.repeat(70000)],
      ['/api/articles', 'publishedOn', '9999-12-31'],
      ['/api/articles', 'publishedAt', '0999-01-01T00:00:00.000Z'],
    ];
    const splits: string[] = [];
    for (const [url, key, value] of cases) {
      const data: Record<string, unknown> = { [key]: value };
      if (url === '/api/articles') data.title = 'edge';
      const answers = await Promise.all(apps.map((app) => app.post(url, { data })));
      const seen = answers.map((res, i) => {
        const stored = res.status === 200 ? JSON.stringify(res.body.data.attributes[key]) : res.body.error?.name;
        return `${clients[i]} ${res.status} ${stored && stored.length > 40 ? `${stored.slice(0, 20)}…(${stored.length} chars)` : stored}`;
      });
      const shown = JSON.stringify(value);
      const label = `POST ${url} ${key}=${shown.length > 40 ? `${shown.slice(0, 20)}…(${shown.length} chars)` : shown}`;
      if (answers.some((res) => res.status >= 500)) splits.push(`${label}: ${seen.join(', ')}`);
      else if (MULTI && new Set(seen.map((line) => line.slice(line.indexOf(' ') + 1))).size > 1) splits.push(`${label}: ${seen.join(', ')}`);
    }
    expect(splits.join('\n'), 'edge values').to.equal('');
  });
});
