/**
 * A ceiling on V8's young generation in the `platform` command's processes.
 *
 * V8 doubles the young generation whenever many objects outlive a collection there, up to a
 * maximum it sizes from the machine's memory, and keeps those pages: start-up alone grows it to
 * 32 MB on Node 20, which a server under load then holds; on Node 24, on a machine with 24 GB, a
 * process allocating as a busy server does grew it to 128 MB. `--max-semi-space-size` bounds it, but only when given to node as it starts,
 * which a command that users start as `platform start` cannot do. V8 reads its growth factor
 * each time it grows the space, though: this sets it to 1 (no growth) once the young generation
 * has reached the ceiling and back to V8's 2 when V8 has shrunk it below, looking after each
 * collection. Node reports collections to JavaScript only once the event loop turns, which
 * loading the modules (one long synchronous stretch, where the young generation grows from 2 to
 * 32 MB) never lets it do: until it does, the size is looked at every few modules loaded instead.
 * The ceiling, 16 MB (8 MB semi-spaces), measured no CPU cost against 32 MB under the bench's
 * reads, and 10–15 MB less RSS after 10 s of `populate=*` pages on Node 20.
 *
 * `PLATFORM_YOUNG_GENERATION_MB` sets the ceiling, `off` leaves V8's own.
 */
import Module from 'node:module';
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

interface Loader {
  _load(request: string, parent: unknown, isMain: boolean): unknown;
}

export const DEFAULT_CEILING_MB = 16;
/** V8's own factor (its `semi_space_growth_factor` default, Node 20 to 24) */
const V8_GROWTH_FACTOR = 2;
/** how many modules load between two looks while the event loop has not turned yet */
const LOOK_EVERY_LOADS = 16;

export function youngGenerationSize(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/** Starts watching; returns what stops it (and gives V8 its own growth back), or null when off. */
export function capYoungGeneration(env: NodeJS.ProcessEnv = process.env): (() => void) | null {
  const setting = env.PLATFORM_YOUNG_GENERATION_MB;
  if (setting === 'off') return null;
  const ceilingMb = setting === undefined || setting === '' ? DEFAULT_CEILING_MB : Number(setting);
  if (!Number.isFinite(ceilingMb) || ceilingMb <= 0) throw new Error(`PLATFORM_YOUNG_GENERATION_MB must be a number of MB or "off", not "${setting}"`);
  const ceiling = ceilingMb * 1024 * 1024;
  let capped = false;
  const grow = (factor: number) => v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  const check = () => {
    const full = youngGenerationSize() >= ceiling;
    if (full === capped) return;
    capped = full;
    grow(full ? 1 : V8_GROWTH_FACTOR);
  };
  const loader = Module as unknown as Loader;
  const load = loader._load;
  let loads = 0;
  let probing = true;
  const stopProbing = () => {
    if (!probing) return;
    probing = false;
    if (loader._load === probe) loader._load = load;
  };
  const probe = function (this: unknown): unknown {
    // (another hook may have wrapped this one since: it then stays in the chain, idle)
    if (probing && ++loads % LOOK_EVERY_LOADS === 0) check();
    // biome-ignore lint/complexity/noArguments: Node's loader takes more arguments than it declares; all of them pass on
    return load.apply(this, arguments as unknown as [string, unknown, boolean]);
  };
  loader._load = probe;
  const observer = new PerformanceObserver(() => {
    stopProbing();
    check();
  });
  observer.observe({ entryTypes: ['gc'] });
  check();
  return () => {
    stopProbing();
    observer.disconnect();
    if (capped) grow(V8_GROWTH_FACTOR);
    capped = false;
  };
}
