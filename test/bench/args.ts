/**
 * Command-line options of `npm run bench`.
 */
export type BenchDb = 'sqlite' | 'mysql' | 'postgres';

export interface BenchOptions {
  dbs: BenchDb[];
  /** articles in the main collection */
  scale: number;
  seed: number;
  /** seconds per autocannon run */
  duration: number;
  /** runs of each workload on the server and on each floor, in turn; the least CPU per request of each is kept */
  rounds: number;
  connections: number;
  /** run only these workloads (by name) */
  only: string[] | null;
  /** also measure 2 workers against 1 */
  workers: boolean;
  /** also measure response compression (off, default threshold, every answer) */
  compression: boolean;
  /** also run the cached reads on two nodes (MariaDB and PostgreSQL, with Redis) */
  twoNodes: boolean;
  /** rebuild the data set even if a loaded one exists */
  reload: boolean;
  /** requests of the soak (a long mix of reads and writes on one process), 0 for none */
  soak: number;
  /** also export the data set and import it into an empty database */
  transfer: boolean;
  /** cold and warm start-ups of the example app on SQLite (startup.ts), 0 for none */
  startup: number;
}

const HELP = `Usage: npm run bench -- [options]
  --db sqlite|mysql|postgres|all   databases to run on (default sqlite)
  --scale N                        articles in the data set (default 10000; 100000 for the large set)
  --duration S                     seconds per workload run (default 10)
  --connections N                  autocannon connections (default 50)
  --rounds N                       run each workload N times on the server and on each floor, in
                                   turn, and keep each one's least CPU per request (default 1)
  --workload NAME[,NAME]           run only these workloads (none: only the soak)
  --no-workers                     skip the 1 -> 2 workers scaling run
  --no-compression                 skip the response compression runs
  --no-two-nodes                   skip the two-node run (mysql/postgres: two servers, one Redis at REDIS_URL)
  --soak N                         also run N mixed reads and writes on one process, CPU/request
                                   and heap compared at its start and end (default: no soak)
  --transfer                       also export the data set (platform export) and import it into an
                                   empty database (platform import): entries/s, MB/s, peak RSS
  --startup N                      start the example app N times cold and N times warm on SQLite,
                                   each on a fresh copy of it (default 5; startup.ts)
  --no-startup                     skip the start-up runs
  --reload                         rebuild the data set
  --seed N                         data set seed (default 42)`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = {
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
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value\n${HELP}`);
      return value;
    };
    switch (arg) {
      case '--db': {
        const value = next();
        options.dbs = value === 'all' ? ['sqlite', 'mysql', 'postgres'] : (value.split(',') as BenchDb[]);
        for (const db of options.dbs) if (!['sqlite', 'mysql', 'postgres'].includes(db)) throw new Error(`unknown --db ${db}\n${HELP}`);
        break;
      }
      case '--scale':
        options.scale = positive(arg, next());
        break;
      case '--seed':
        options.seed = positive(arg, next());
        break;
      case '--duration':
        options.duration = positive(arg, next());
        break;
      case '--rounds':
        options.rounds = positive(arg, next());
        break;
      case '--connections':
        options.connections = positive(arg, next());
        break;
      case '--workload':
        options.only = next().split(',');
        break;
      case '--no-workers':
        options.workers = false;
        break;
      case '--no-compression':
        options.compression = false;
        break;
      case '--no-two-nodes':
        options.twoNodes = false;
        break;
      case '--reload':
        options.reload = true;
        break;
      case '--transfer':
        options.transfer = true;
        break;
      case '--startup':
        options.startup = positive(arg, next());
        break;
      case '--no-startup':
        options.startup = 0;
        break;
      case '--soak':
        options.soak = positive(arg, next());
        break;
      case '-h':
      case '--help':
        process.stdout.write(`${HELP}\n`);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${arg}\n${HELP}`);
    }
  }
  return options;
}

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number >= 1`);
  return value;
}
