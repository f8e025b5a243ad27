import { expect } from 'chai';
import { memoryCounters } from '@platform/core';
import { createRateLimiter, normalizeIdentifier } from './rate-limit';

/** the rejection of `promise` (or null when it resolves) */
async function rejection(promise: Promise<unknown>): Promise<(Error & { status?: number }) | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error as Error;
  }
}

describe('users-permissions rate limiter', () => {
  const config = { enabled: true, interval: 1000, max: 2 };

  it('normalizes identifiers: case, spacing, unicode forms; nothing for non-strings', () => {
    expect(normalizeIdentifier('  Ada@Example.COM ')).to.equal('ada@example.com');
    expect(normalizeIdentifier('ＡＤＡ')).to.equal('ada');
    expect(normalizeIdentifier(42)).to.equal('42');
    expect([normalizeIdentifier(''), normalizeIdentifier(null), normalizeIdentifier({ a: 1 })]).to.deep.equal([null, null, null]);
  });

  it('refuses past max per address and per identifier, per action, and opens a new window after interval', async () => {
    let now = 0;
    const limiter = createRateLimiter(
      config,
      memoryCounters(() => now),
    );
    await limiter.consume({ action: 'login', ip: '1', identifier: 'a' });
    await limiter.consume({ action: 'login', ip: '1', identifier: 'b' });
    expect((await rejection(limiter.consume({ action: 'login', ip: '1', identifier: 'c' })))?.message).to.equal('Too many requests, please try again later.');
    await limiter.consume({ action: 'register', ip: '1', identifier: 'c' });
    await limiter.consume({ action: 'login', ip: '2', identifier: 'c' });
    // the identifier 'c' was counted twice already (from ip 1 and 2): a third time from ip 3 is refused
    expect((await rejection(limiter.consume({ action: 'login', ip: '3', identifier: ' C ' })))?.status).to.equal(429);
    now = 1000;
    await limiter.consume({ action: 'login', ip: '1', identifier: 'a' });
  });

  it('does nothing when disabled; reset forgets every window', async () => {
    const off = createRateLimiter({ ...config, enabled: false });
    for (let i = 0; i < 10; i++) await off.consume({ action: 'login', ip: '1' });
    const limiter = createRateLimiter(config);
    await limiter.consume({ action: 'login', ip: '1' });
    await limiter.consume({ action: 'login', ip: '1' });
    expect(await rejection(limiter.consume({ action: 'login', ip: '1' }))).to.be.instanceOf(Error);
    await limiter.reset();
    expect(await rejection(limiter.consume({ action: 'login', ip: '1' }))).to.equal(null);
  });
});
