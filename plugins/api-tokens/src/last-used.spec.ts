import { expect } from 'chai';
import { createLogger } from '@platform/core';
import { createLastUsedTracker } from './last-used';
import type { CachedToken } from './token-cache';

describe('api-tokens: lastUsedAt', () => {
  const token = (lastUsedAt: number | null): CachedToken => ({ id: 7, name: 't', type: 'read-only', accessKey: 'k', expiresAt: null, lastUsedAt, permissions: [], ability: { can: () => true } });

  it('writes when never used or older than the interval, then not again within it', async () => {
    const writes: Array<[number, number]> = [];
    const tracker = createLastUsedTracker(async (id, at) => void writes.push([id, at.getTime()]), 1000, createLogger('silent'));
    const t = token(null);
    await tracker.touch(t, 5000);
    await tracker.touch(t, 5500);
    await tracker.touch(t, 5999);
    await tracker.touch(t, 6000);
    expect(writes).to.deep.equal([
      [7, 5000],
      [7, 6000],
    ]);
    expect(t.lastUsedAt).to.equal(6000);
  });

  it('concurrent uses of one token write once', async () => {
    let writes = 0;
    const tracker = createLastUsedTracker(() => new Promise((resolve) => setTimeout(() => resolve(void writes++), 10)), 1000, createLogger('silent'));
    const t = token(0);
    await Promise.all([tracker.touch(t, 2000), tracker.touch(t, 2001), tracker.touch(t, 2002)]);
    expect(writes).to.equal(1);
  });

  it('a failed write is a warning, not a failed request', async () => {
    const lines: string[] = [];
    const tracker = createLastUsedTracker(
      async () => {
        throw new Error('database is locked');
      },
      1000,
      createLogger('warn', (line) => lines.push(line.replace(/^\[[^\]]+\] /, ''))),
    );
    await tracker.touch(token(null), 1);
    expect(lines).to.deep.equal(['WARN could not record the use of API token 7: database is locked']);
  });
});
