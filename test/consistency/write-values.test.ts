/**
 * Writes of every scalar type answer the same on SQLite, MariaDB and PostgreSQL: seeded random
 * values (edges of the column types included: long and odd Unicode strings, NUL, unpaired
 * surrogates, decimals with many places, 32/64-bit bounds, far dates, deep JSON) are POSTed to
 * one app per database of TEST_DATABASES, and each must answer the same status and body, and
 * read back the same. With one database, no answer may be a 500.
 *
 * XDB_RUNS (default 200) and XDB_SEED as in cross-db.test.ts.
 */
import path from 'node:path';
import fc from 'fast-check';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { askAll, badStatus, divergence, type Answer } from './compare';

const clients = testClients();
const MULTI = clients.length >= 2;
const RUNS = Number(process.env.XDB_RUNS ?? 200);
const SEED = Number(process.env.XDB_SEED ?? 20261126);
const appDir = path.join(__dirname, '..', 'fixtures', 'write-types-app');

const edgeText = fc.constantFrom('', ' ', 'x\u0000y', '\ud800', 'a\udc00', '🎉', 'é', 'e\u0301', '\u200b', '%_\\', "'; --", 'A'.repeat(255), 'A'.repeat(256), '🎉'.repeat(255), '🎉'.repeat(256));
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 300 }), edgeText);
const decimalish = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
  fc.tuple(fc.integer({ min: -99999999, max: 99999999 }), fc.integer({ min: 0, max: 99999 })).map(([whole, fraction]) => Number(`${whole}.${String(fraction).padStart(5, '0')}`)),
  fc.constantFrom(99999999.99, 99999999.995, -99999999.995, 0.005, -0.005, 1e-7, 1e21),
);
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom<unknown>('false', '42', '[1]', 'null', '', { k: 'x\u0000' }, '\ud800', { '\udc00': 1 }),
  fc.integer({ min: 28, max: 34 }).map((levels) => {
    let value: unknown = [];
    for (let i = 1; i < levels; i++) value = [value];
    return value;
  }),
);
const moment = fc.oneof(
  fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('+012000-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('1000-01-01T00:00:00.000Z', '0999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z', '2024-02-29T12:00:00+05:30'),
);

/** Keys of the write-types app's `sample` with a generator each; `name` is always valid. */
const generators: Record<string, fc.Arbitrary<unknown>> = {
  code: fc.oneof(anyText, fc.stringMatching(/^[A-Z]{250,260}$/)),
  body: anyText,
  rich: anyText,
  email: fc.oneof(
    fc.emailAddress(),
    anyText.map((t) => `${t}@b.co`),
  ),
  secret: anyText,
  slug: fc.oneof(fc.stringMatching(/^[a-z0-9-]{1,260}$/), anyText),
  day: fc.oneof(
    moment.map((m) => m.slice(0, 10)),
    fc.constantFrom('0100-01-01', '9999-12-31', '2023-02-29'),
  ),
  clock: fc.constantFrom('00:00', '23:59:59.999', '12:30:15.5', '24:00'),
  moment,
  stamp: fc.oneof(moment, fc.integer({ min: -8.64e15, max: 8.64e15 })),
  total: fc.oneof(fc.integer(), fc.constantFrom(2147483647, 2147483648, -2147483648, -2147483649)),
  big: fc.oneof(fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String), fc.constantFrom('9223372036854775807', '9223372036854775808', '-9223372036854775808')),
  ratio: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1, max: 1 }),
  amount: decimalish,
  active: fc.boolean(),
  data: jsonValue,
  label: anyText,
};

/** One to three attributes per write, so that most writes are valid and stored. */
const sampleData = fc
  .array(fc.oneof(...Object.entries(generators).map(([key, arb]) => arb.map((value) => [key, value] as const))), { minLength: 1, maxLength: 3 })
  .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);

/** Entry ids depend on which earlier writes succeeded; the rest of the answer must match. */
function withoutId(answer: Answer): Answer {
  const body = JSON.parse(answer.body) as { data?: { id?: unknown } | null };
  if (body.data && typeof body.data === 'object') body.data.id = '<id>';
  return { ...answer, body: JSON.stringify(body) };
}

describe(`cross-database writes of every scalar type [${clients.join(',')}]`, function () {
  this.timeout(180000);
  let apps: TestApp[] = [];

  before(async () => {
    apps = await Promise.all(clients.map((client) => startApp({ client, appDir })));
  });

  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('random values are stored and read back alike, or refused alike', async () => {
    let n = 0;
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(sampleData, async (data) => {
        // a fresh label each run, unless the run is about labels, so unique checks do not pile up
        const body = { data: { name: 'ok', label: `run-${n++}`, ...data } };
        const request = `POST /api/samples ${JSON.stringify(body)}`;
        const created = await askAll(apps, 'POST', '/api/samples', body);
        const bad = badStatus(request, created);
        if (bad) throw new Error(`not 200 or an error envelope:\n${bad}`);
        const [first] = created;
        if (first?.status === 200) stored++;
        if (!MULTI) return;
        const split = divergence(request, created.map(withoutId));
        if (split) throw new Error(`databases disagree:\n${split}`);
        if (first?.status !== 200) return;
        const reads = await Promise.all(
          apps.map(async (app, i) => {
            // biome-ignore lint/style/noNonNullAssertion: askAll answers once per app, in order
            const id = (JSON.parse(created[i]!.body) as { data: { id: number } }).data.id;
            const [answer] = await askAll([app], 'GET', `/api/samples/${id}`);
            return withoutId(answer);
          }),
        );
        const readSplit = divergence(`GET after ${request}`, reads);
        if (readSplit) throw new Error(`databases disagree:\n${readSplit}`);
        if (reads[0]?.body !== withoutId(first).body) throw new Error(`read back differs from the create answer:\n${request}\n${reads[0]?.body}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // the property must have stored values, not only refused them
    if (stored < RUNS / 4) throw new Error(`only ${stored} of ${RUNS} writes were stored`);
  });
});
