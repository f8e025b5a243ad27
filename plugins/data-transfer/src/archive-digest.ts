/**
 * The SHA-256 of an archive, read as a stream (an archive may be larger than memory). A report of
 * a failed import records it so that `--resume` goes on only with the very archive that failed:
 * its size alone let an archive changed in place (same length, other bytes) through. One
 * sequential read when the report is written and one when it is read back, less than the
 * import's own check of the archive.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

export async function archiveSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}
