/**
 * The tests run the platform from its TypeScript sources: mocha itself runs with
 * `--conditions=platform-source` (.mocharc.json), and the processes the tests start
 * (`platform start`, fixtures) inherit the condition here through NODE_OPTIONS. The test of the
 * built packages (test/build/) starts its processes without it.
 */
export const SOURCE_CONDITION = '--conditions=platform-source';

if (!(process.env.NODE_OPTIONS ?? '').includes(SOURCE_CONDITION)) {
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, SOURCE_CONDITION].filter(Boolean).join(' ');
}
