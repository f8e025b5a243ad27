import { expect } from 'chai';
import { parseBenchArgs } from './args';
import { renderReport } from './report';
import { STARTUP_MARKERS, startupLines, withStartupSection } from './startup';
import { createRandom } from './random';
import { leastRun, type LoadResult } from './load';

describe('benchmark command line and report', () => {
  it('defaults to SQLite, 10,000 articles, 50 connections, 10 s runs and the workers run', () => {
    expect(parseBenchArgs([])).to.deep.equal({
      dbs: ['sqlite'],
      scale: 10000,
      seed: 42,
      duration: 10,
      rounds: 1,
      connections: 50,
      only: null,
      workers: true,
      compression: true,
      twoNodes: true,
      reload: false,
      soak: 0,
      transfer: false,
      startup: 5,
    });
  });

  it('keeps the run with the least CPU per request, with the failed requests of every run', () => {
    const run = (cpuMsPerRequest: number, non2xx = 0, errors = 0): LoadResult => ({ requestsPerSecond: 1000 / cpuMsPerRequest, p50: 1, p99: 2, non2xx, errors, cpuMsPerRequest, bytesPerRequest: 100 });
    const first = run(0.5, 1);
    expect(leastRun(null, first)).to.equal(first);
    expect(leastRun(first, run(0.4, 0, 2))).to.deep.equal({ ...run(0.4), non2xx: 1, errors: 2 });
    expect(leastRun(first, run(0.6))).to.deep.equal(first);
  });

  it('reads every option and refuses bad ones', () => {
    expect(parseBenchArgs(['--db', 'all', '--scale', '100000', '--workload', 'list-25,get-by-id', '--no-workers', '--no-compression', '--duration', '3'])).to.include({
      scale: 100000,
      duration: 3,
      workers: false,
      compression: false,
    });
    expect(parseBenchArgs(['--no-two-nodes']).twoNodes).to.equal(false);
    expect(parseBenchArgs(['--rounds', '3']).rounds).to.equal(3);
    expect(() => parseBenchArgs(['--rounds', '0'])).to.throw('--rounds takes a whole number >= 1');
    expect(parseBenchArgs(['--soak', '50000']).soak).to.equal(50000);
    expect(parseBenchArgs(['--transfer']).transfer).to.equal(true);
    expect(parseBenchArgs(['--startup', '9']).startup).to.equal(9);
    expect(parseBenchArgs(['--no-startup']).startup).to.equal(0);
    expect(parseBenchArgs(['--db', 'all']).dbs).to.deep.equal(['sqlite', 'mysql', 'postgres']);
    expect(parseBenchArgs(['--workload', 'list-25,get-by-id']).only).to.deep.equal(['list-25', 'get-by-id']);
    expect(() => parseBenchArgs(['--db', 'oracle'])).to.throw('unknown --db oracle');
    expect(() => parseBenchArgs(['--scale', '0'])).to.throw('--scale takes a whole number >= 1');
    expect(() => parseBenchArgs(['--bogus'])).to.throw('unknown option --bogus');
  });

  it('generates the same data set for the same seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const draws = (r: ReturnType<typeof createRandom>) => [r.int(1, 100), r.pick(['x', 'y', 'z']), r.sample([1, 2, 3, 4, 5], 3)];
    expect(draws(a)).to.deep.equal(draws(b));
  });

  it('renders a table per database with the ratios to both floors, and to the nearest raw floor workload for the others', () => {
    const load = { requestsPerSecond: 1000, p50: 5, p99: 9, non2xx: 0, errors: 0, cpuMsPerRequest: 0.3, bytesPerRequest: 2048 };
    const floors = { koa: { startupMs: 300, rssStartMb: 80, rssIdleMb: 70, rssAfterMb: 90 }, raw: { startupMs: 100, rssStartMb: 55, rssIdleMb: 50, rssAfterMb: 60 } };
    const markdown = renderReport(
      [
        {
          db: 'sqlite',
          scale: 10,
          loadSeconds: 0,
          startupMs: 400,
          rssStartMb: 95,
          rssIdleMb: 90,
          rssAfterMb: 100,
          workers: null,
          floors,
          rows: [
            {
              name: 'list-25',
              result: load,
              sqlPerRequest: 2,
              floor: { ...load, cpuMsPerRequest: 0.2 },
              sameJsonAsFloor: true,
              rawFloor: { ...load, cpuMsPerRequest: 0.25 },
              sameBytesAsRawFloor: true,
            },
            { name: 'list-sorted', result: { ...load, cpuMsPerRequest: 0.5 }, sqlPerRequest: 2, floor: null, sameJsonAsFloor: null, rawFloor: null, sameBytesAsRawFloor: null },
            { name: 'graphql-populate', result: null, note: 'not built', sqlPerRequest: null, floor: null, sameJsonAsFloor: null, rawFloor: null, sameBytesAsRawFloor: null },
          ],
        },
      ],
      { duration: 10, connections: 50, date: '2026-01-01T00:00:00.000Z' },
      (name) => (name === 'list-sorted' ? 'list-25' : undefined),
    );
    expect(markdown).to.include('## sqlite (10 articles)');
    expect(markdown).to.include('Start-up to first answered request: **400 ms** · RSS at the first answer 95 MB, idle 90 MB, after the runs 100 MB');
    expect(markdown).to.include(
      'Raw floor: start 100 ms, RSS at the first answer 55 MB, idle 50 MB, after the runs 60 MB · koa floor: start 300 ms, RSS at the first answer 80 MB, idle 70 MB, after the runs 90 MB',
    );
    expect(markdown).to.include('| list-25 | 1,000 | 5 | 9 | 0.30 | 2 | 1,000 | 0.250 | 1.20× | yes | 0.20 | 1.50× | yes | 0 |');
    expect(markdown).to.include('| list-sorted | 1,000 | 5 | 9 | 0.50 | 2 |  |  | 2.00× of list-25 |  |  |  |  | 0 |');
    expect(markdown).to.include('| graphql-populate | n/a |  |  |  |  |  |  |  |  |  |  |  | not built |');
    expect(markdown).to.not.include('Response compression');
  });

  it('sets a GraphQL workload against its REST twin, with the ratio judged against the 1.3× goal', () => {
    const load = { requestsPerSecond: 500, p50: 5, p99: 9, non2xx: 0, errors: 0, cpuMsPerRequest: 1.5, bytesPerRequest: 2048 };
    const none = { floor: null, sameJsonAsFloor: null, rawFloor: null, sameBytesAsRawFloor: null };
    const report = (graphqlCpu: number) =>
      renderReport(
        [
          {
            db: 'sqlite',
            scale: 10,
            loadSeconds: 0,
            startupMs: 400,
            rssStartMb: 95,
            rssIdleMb: 90,
            rssAfterMb: 100,
            workers: null,
            floors: null,
            rows: [
              { name: 'list-25-title-relations', result: load, sqlPerRequest: 5, ...none },
              { name: 'graphql-list-25-relations', result: { ...load, cpuMsPerRequest: graphqlCpu }, sqlPerRequest: 4, restTwin: 'list-25-title-relations', ...none },
            ],
          },
        ],
        { duration: 10, connections: 50, date: '2026-01-01T00:00:00.000Z' },
      );
    expect(report(1.8)).to.include(
      'GraphQL against REST for the same page (graphql-list-25-relations vs list-25-title-relations): CPU 1.80 vs 1.50 ms/req, 1.20× (goal at most 1.3×: met), SQL/req 4 vs 5.',
    );
    expect(report(3.3)).to.include('CPU 3.30 vs 1.50 ms/req, 2.20× (goal at most 1.3×: missed)');
  });

  it("renders the two-node run: both nodes' rate, CPU per request, byte identity and freshness", () => {
    const load = { requestsPerSecond: 9000, p50: 2, p99: 6, non2xx: 0, errors: 0, cpuMsPerRequest: 0.05, bytesPerRequest: 2048 };
    const markdown = renderReport(
      [
        {
          db: 'postgres',
          scale: 10,
          loadSeconds: 0,
          startupMs: 400,
          rssStartMb: 95,
          rssIdleMb: 90,
          rssAfterMb: 100,
          floors: null,
          workers: null,
          rows: [],
          twoNodes: { redis: 'redis://127.0.0.1:6379', fresh: true, rows: [{ workload: 'list-25-cached', combined: load, identical: true }] },
        },
      ],
      { duration: 10, connections: 50, date: '2026-01-01T00:00:00.000Z' },
    );
    expect(markdown).to.include("a write on one node seen by the other's next read: **yes**");
    expect(markdown).to.include('| list-25-cached | 9,000 | 2 | 6 | 0.05 | yes | 0 |');
  });

  it('judges the goals against the raw floor of the same run, with Strapi carried over by it', () => {
    const load = { requestsPerSecond: 1000, p50: 5, p99: 9, non2xx: 0, errors: 0, cpuMsPerRequest: 0.9, bytesPerRequest: 2048 };
    const none = { floor: null, sameJsonAsFloor: null, rawFloor: null, sameBytesAsRawFloor: null, sqlPerRequest: 2 };
    const markdown = renderReport(
      [
        {
          db: 'sqlite',
          scale: 10,
          loadSeconds: 0,
          startupMs: 400,
          rssStartMb: 95,
          rssIdleMb: 90,
          rssAfterMb: 100,
          workers: null,
          floors: null,
          rows: [
            // the raw floor twice the anchors' sitting's (0.59): Strapi's 6.76 and 8.98 count as 13.52 and 17.96
            { ...none, name: 'list-25', result: load, rawFloor: { ...load, cpuMsPerRequest: 1.18 }, sameBytesAsRawFloor: true },
            { ...none, name: 'list-filtered-sorted', result: { ...load, cpuMsPerRequest: 1.5 } },
          ],
        },
      ],
      { duration: 10, connections: 50, date: '2026-01-01T00:00:00.000Z' },
    );
    expect(markdown).to.include('| list of 25 | 6.76 | 13.52 | 0.90 | 1.180 (list-25) | 0.76× | 15.0× | ≤ 1.2× the raw floor | met (36 % to spare) |');
    expect(markdown).to.include('| filters + sort | 8.98 | 17.96 | 1.50 | 1.180 (list-25) | 1.27× | 12.0× | ≥ 15× less than Strapi | **missed by 25 %** |');
  });

  it('renders the data transfer: entries/s, archive MB/s, peak RSS and heap of export and import', () => {
    const transfer = {
      archiveBytes: 52428800,
      export: { seconds: 20, entries: 100000, maxRssMb: 180.4, heapPeakMb: 60.2 },
      import: { seconds: 40, entries: 100000, maxRssMb: 200.6, heapPeakMb: 70.7 },
    };
    const markdown = renderReport([{ db: 'sqlite', scale: 10, loadSeconds: 0, startupMs: 400, rssStartMb: 95, rssIdleMb: 90, rssAfterMb: 100, workers: null, floors: null, rows: [], transfer }], {
      duration: 1,
      rounds: 1,
      connections: 1,
      date: 'now',
    });
    expect(markdown).to.include(
      [
        'Data transfer (`platform export --no-encrypt`, then `platform import` into an empty database; each a process, start-up included; archive 50.0 MB):',
        '',
        '| command | entries | s | entries/s | archive MB/s | peak RSS MB | peak heap MB |',
        '|---|---:|---:|---:|---:|---:|---:|',
        '| export | 100,000 | 20.0 | 5,000 | 2.50 | 180 | 60 |',
        '| import | 100,000 | 40.0 | 2,500 | 1.25 | 201 | 71 |',
      ].join('\n'),
    );
  });

  it('renders the soak: CPU per request, heap and RSS at its start and end, and of a fresh process at the end', () => {
    const soak = {
      requests: 50000,
      heapTrailMb: [40.2, 40.6],
      mix: ['get-by-id', 'create-tag'],
      start: { cpuMsPerRequest: [1.1, 1, 1.2], list25CpuMsPerRequest: [0.9, 0.8, 1], heapUsedMb: 40, rssMb: 120 },
      end: { cpuMsPerRequest: [1.2, 1.1, 1.3], list25CpuMsPerRequest: [0.8, 0.9, 0.8], heapUsedMb: 41, rssMb: 126 },
      fresh: { cpuMsPerRequest: [1.1, 1.25, 1.3], list25CpuMsPerRequest: [1, 0.8, 0.9], heapUsedMb: 40, rssMb: 100 },
      errors: 0,
      seconds: 95.4,
    };
    const markdown = renderReport([{ db: 'sqlite', scale: 10, loadSeconds: 0, startupMs: 400, rssStartMb: 95, rssIdleMb: 90, rssAfterMb: 100, workers: null, floors: null, rows: [], soak }], {
      duration: 10,
      connections: 50,
      date: '2026-01-01T00:00:00.000Z',
    });
    expect(markdown).to.include('Soak: 50,000 requests (get-by-id, create-tag in turn) in 95 s, 0 errors/non-2xx.');
    expect(markdown).to.include('| | start | end | change | fresh process at the end | end against fresh |');
    expect(markdown).to.include(
      '| CPU ms/req of the mix, least of the windows (windows: start 1.100, 1.000, 1.200; end 1.200, 1.100, 1.300; fresh 1.100, 1.250, 1.300) | 1.000 (median 1.100) | 1.100 (median 1.200) | +10.0 % | 1.100 (median 1.250) | +0.0 % |',
    );
    expect(markdown).to.include(
      '| CPU ms/req of list-25 alone, least of the windows (windows: start 0.900, 0.800, 1.000; end 0.800, 0.900, 0.800; fresh 1.000, 0.800, 0.900) | 0.800 (median 0.900) | 0.800 (median 0.800) | +0.0 % | 0.800 (median 0.900) | +0.0 % |',
    );
    expect(markdown).to.include('| heap used after a full GC, MB | 40.0 | 41.0 | +2.5 % | 40.0 | +2.5 % |');
    expect(markdown).to.include('| RSS, MB | 120 | 126 | +5.0 % | 100 | +26.0 % |');
    expect(markdown).to.include('Heap used after a full GC every 10,000 requests between: 40.2, 40.6 MB.');
  });

  it('renders the compression runs with bytes per request', () => {
    const load = { requestsPerSecond: 1000, p50: 5, p99: 9, non2xx: 0, errors: 0, cpuMsPerRequest: 0.3, bytesPerRequest: 20480 };
    const markdown = renderReport(
      [
        {
          db: 'sqlite',
          scale: 10,
          loadSeconds: 0,
          startupMs: 400,
          rssStartMb: 95,
          rssIdleMb: 90,
          rssAfterMb: 100,
          workers: null,
          floors: null,
          rows: [],
          compression: [
            { workload: 'list-25', setting: 'off', result: load },
            { workload: 'list-25', setting: 'on', result: { ...load, cpuMsPerRequest: 0.45, bytesPerRequest: 3100.4 } },
          ],
        },
      ],
      { duration: 10, connections: 50, date: '2026-01-01T00:00:00.000Z' },
    );
    expect(markdown).to.include('| list-25 | off | 1,000 | 5 | 9 | 0.30 | 20,480 |\n| list-25 | on | 1,000 | 5 | 9 | 0.45 | 3,100 |');
  });

  it('judges the start-up goal on the median and rewrites only its own section of the report', () => {
    const boot = (firstResponseMs: number, cpuMs: number) => ({ firstResponseMs, cpuMs, kernelMs: 100 });
    const lines = startupLines({
      runs: 3,
      date: '2026-11-28',
      cold: [boot(420, 300), boot(350, 280), boot(310, 290)],
      warm: [boot(290, 200), boot(250, 190), boot(900, 210)],
    });
    expect(lines[0]).to.equal(STARTUP_MARKERS.begin);
    expect(lines.at(-1)).to.equal(STARTUP_MARKERS.end);
    expect(lines.at(-3)).to.equal('| cold | 350 ms | 310 ms–420 ms | 290 ms | 280 ms–300 ms | 100 ms | **missed by 50 ms** |');
    expect(lines.at(-2)).to.equal('| warm | 290 ms | 250 ms–900 ms | 200 ms | 190 ms–210 ms | 100 ms | met |');
    const first = withStartupSection('# Results\n\nhand-written notes\n', lines);
    expect(first).to.equal(`# Results\n\nhand-written notes\n\n${lines.join('\n')}\n`);
    const again = withStartupSection(`${first}\nafter the section\n`, ['new', 'section']);
    expect(again).to.equal('# Results\n\nhand-written notes\n\nnew\nsection\n\nafter the section\n');
  });
});
