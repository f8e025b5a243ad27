/**
 * Counters in fixed time windows that every process serving the app may share: a rate limit
 * counts attempts here. By default they live in this process; a plugin that reaches a shared
 * store (Redis) hands it over with `useStore`, and from then on every node counts in the same
 * windows, so a limit holds whichever node a client reaches.
 */
export interface CounterStore {
  /** counts one hit of `key` in its window of `windowMs`; resolves with the hits in it so far */
  hit(key: string, windowMs: number): Promise<number>;
  /** forgets every window */
  reset(): Promise<void>;
}

export interface SharedCounters extends CounterStore {
  /** counts in `store` from now on */
  useStore(store: CounterStore): void;
}

/** Past this many keys, expired windows are swept before a new one is added. */
const SWEEP_AT = 10000;

export function memoryCounters(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= SWEEP_AT) for (const [name, old] of windows) if (old.resetAt <= at) windows.delete(name);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count;
    },
    async reset() {
      windows.clear();
    },
  };
}

export function createSharedCounters(initial: CounterStore = memoryCounters()): SharedCounters {
  let store = initial;
  return {
    hit: (key, windowMs) => store.hit(key, windowMs),
    reset: () => store.reset(),
    useStore(given) {
      store = given;
    },
  };
}
