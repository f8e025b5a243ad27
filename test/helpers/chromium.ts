/**
 * Headless Chromium (the Debian package `chromium`; .ci/run installs it) driven over the
 * DevTools protocol with chrome-remote-interface: open a page, evaluate script in it, wait for
 * what it shows, and read what the browser reported (console errors, CSP violations).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import CDP from 'chrome-remote-interface';

const CHROMIUM = 'chromium';

export const hasChromium = spawnSync(CHROMIUM, ['--version'], { stdio: 'ignore' }).status === 0;

export interface Browser {
  /** loads `url` and waits for its load event */
  open(url: string): Promise<void>;
  /** the value of `expression` evaluated in the page (awaited when it is a promise) */
  evaluate<T>(expression: string): Promise<T>;
  /** evaluates `expression` until it is truthy, and returns that value */
  waitFor<T>(expression: string, timeoutMs?: number): Promise<T>;
  /** what the browser logged as an error or warning (CSP violations, failed loads, exceptions) */
  problems(): string[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Chromium writes the port it listens on in its profile once it is ready. */
async function devToolsPort(profile: string, browser: ChildProcess): Promise<number> {
  const file = path.join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 300; i += 1) {
    if (browser.exitCode !== null) throw new Error(`chromium exited with ${browser.exitCode}`);
    if (fs.existsSync(file)) {
      const port = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
      if (port > 0) return port;
    }
    await sleep(100);
  }
  throw new Error('chromium did not open its DevTools port');
}

export async function launchChromium(): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-chromium-'));
  const browser = spawn(
    CHROMIUM,
    ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  ); // its own process group, so its helper processes end with it
  const stop = async () => {
    if (browser.exitCode === null && browser.signalCode === null) {
      const exited = new Promise((resolve) => browser.once('exit', resolve));
      if (browser.pid !== undefined) process.kill(-browser.pid, 'SIGKILL');
      await exited;
    }
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  let client: CDP.Client;
  try {
    client = await CDP({ port: await devToolsPort(profile, browser) });
  } catch (error) {
    await stop();
    throw error;
  }
  const problems: string[] = [];
  client.Log.entryAdded(({ entry }) => {
    if (entry.level === 'error' || entry.level === 'warning') problems.push(`${entry.source}: ${entry.text}${entry.url ? ` (${entry.url})` : ''}`);
  });
  client.Runtime.exceptionThrown(({ exceptionDetails }) => problems.push(`exception: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`));
  client.Runtime.consoleAPICalled(({ type, args }) => {
    if (type === 'error') problems.push(`console: ${args.map((arg) => arg.value ?? arg.description).join(' ')}`);
  });
  await Promise.all([client.Page.enable(), client.Runtime.enable(), client.Log.enable()]);

  const evaluate = async <T>(expression: string): Promise<T> => {
    const { result, exceptionDetails } = await client.Runtime.evaluate({ expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  };
  return {
    async open(url) {
      const loaded = client.Page.loadEventFired();
      await client.Page.navigate({ url });
      await loaded;
    },
    evaluate,
    async waitFor<T>(expression: string, timeoutMs = 20000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const value = await evaluate<T>(expression);
        if (value) return value;
        if (Date.now() > until) throw new Error(`the page never had: ${expression}`);
        await sleep(100);
      }
    },
    problems: () => [...problems],
    async close() {
      await client.close().catch(() => {});
      await stop();
    },
  };
}
