/**
 * Whether AsyncLocalStorage costs every promise of the process once used. Before Node 24 it
 * follows promises through async hooks from its first `run()` on, for good: 5–10 % of a small
 * request's CPU. Node 24's AsyncContextFrame costs nothing while no store is read, unless node
 * runs with `--no-async-context-frame`.
 */
function tracksEveryPromise(): boolean {
  if (Number(process.versions.node.split('.')[0]) < 24) return true;
  const options = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return options.includes('--no-async-context-frame');
}

export const ASYNC_CONTEXT_TRACKS_EVERY_PROMISE = tracksEveryPromise();
