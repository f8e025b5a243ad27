/**
 * The folder of the temporary folder where the platform keeps what it compiled for the user
 * running it (an app's compiled TypeScript, ../config/compile-typescript.ts; the code V8
 * compiled, ../cli/code-cache.ts): `$TMPDIR/platform-ts-<uid>`. The temporary folder is shared
 * by the machine's users, and what is kept there is code this user's processes run: the folder
 * is used only while it is this user's own and no one else may write in it (another user could
 * have made it first).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function privateTempDir(): string {
  // process.getuid where the system has user ids; -1 elsewhere (Windows), as os.userInfo() says
  // there (os.userInfo() throws for a user with no entry in the user database, as in containers)
  return path.join(os.tmpdir(), `platform-ts-${process.getuid?.() ?? -1}`);
}

/**
 * Whether `dir` is a folder of this user's that no other user may write in (on a system without
 * user ids, whether it is a folder). With `create`, a missing folder is made first (mode 700);
 * a folder that cannot be made is not one.
 */
export function isPrivateDir(dir: string, create = false): boolean {
  if (create) {
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch {
      return false;
    }
  }
  const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return false;
  const uid = process.getuid?.();
  return uid === undefined || (stat.uid === uid && (stat.mode & 0o022) === 0);
}

/** The bytes of a file of a private folder, or null when it is missing or the folder is not this user's alone. */
export function readPrivateFile(file: string): Buffer | null {
  if (!isPrivateDir(path.dirname(file))) return null;
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * Writes a file of a private folder (made when missing), aside then renamed: a process starting
 * at the same time never reads half a file. False, and nothing written, when the folder is not
 * this user's alone; what the file system refuses (a read-only or full disk) is thrown.
 */
export function writePrivateFile(file: string, data: string | Uint8Array): boolean {
  if (!isPrivateDir(path.dirname(file), true)) return false;
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, data);
  fs.renameSync(partial, file);
  return true;
}
