/**
 * Each test run gets its own temporary folder: `TMPDIR` points at a folder this process made,
 * so everything the tests and the processes they start write to "the temporary folder" is the
 * run's own. Two suites run side by side on one machine (`.ci/run` runs Node 20 and Node 24 at
 * once), and a test that checks what a request left behind must never see the other run's
 * files. The folder is removed when the run ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RUN_MARK = 'PLATFORM_TEST_RUN_TMPDIR';
const RUN_FOLDER = /^platform-run-(\d+)-/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folders of runs whose process is gone (killed before it could remove its own). */
function removeAbandonedRuns(base: string): void {
  for (const name of fs.readdirSync(base)) {
    const pid = RUN_FOLDER.exec(name)?.[1];
    if (pid !== undefined && !alive(Number(pid))) fs.rmSync(path.join(base, name), { recursive: true, force: true });
  }
}

// a process started by a test inherits the run's folder: it neither makes nor removes another
if (!process.env[RUN_MARK] || process.env[RUN_MARK] !== process.env.TMPDIR) {
  removeAbandonedRuns(os.tmpdir());
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `platform-run-${process.pid}-`));
  process.env.TMPDIR = runDir;
  process.env[RUN_MARK] = runDir;
  process.on('exit', () => fs.rmSync(runDir, { recursive: true, force: true }));
}
