import { expect } from 'chai';
import { createRateLimiter, normalizeIdentifier } from './rate-limit';

describe('users-permissions rate limiter', () => {
  const config = { enabled: true, interval: 1000, max: 2 };

  it('normalizes identifiers: case, spacing, unicode forms; nothing for non-strings', () => {
    expect(normalizeIdentifier('  Ada@Example.COM ')).to.equal('ada@example.com');
    expect(normalizeIdentifier('ＡＤＡ')).to.equal('ada');
    expect(normalizeIdentifier(42)).to.equal('42');
    expect([normalizeIdentifier(''), normalizeIdentifier(null), normalizeIdentifier({ a: 1 })]).to.deep.equal([null, null, null]);
  });

  it('refuses past max per address and per identifier, per action, and opens a new window after interval', () => {
    let now = 0;
    const limiter = createRateLimiter(config, () => now);
    limiter.consume({ action: 'login', ip: '1', identifier: 'a' });
    limiter.consume({ action: 'login', ip: '1', identifier: 'b' });
    expect(() => limiter.consume({ action: 'login', ip: '1', identifier: 'c' })).to.throw('Too many requests, please try again later.');
    limiter.consume({ action: 'register', ip: '1', identifier: 'c' });
    limiter.consume({ action: 'login', ip: '2', identifier: 'c' });
    // the identifier 'c' was counted twice already (from ip 1 and 2): a third time from ip 3 is refused
    expect(() => limiter.consume({ action: 'login', ip: '3', identifier: ' C ' })).to.throw().with.property('status', 429);
    now = 1000;
    limiter.consume({ action: 'login', ip: '1', identifier: 'a' });
  });

  it('does nothing when disabled; reset forgets every window', () => {
    const off = createRateLimiter({ ...config, enabled: false });
    for (let i = 0; i < 10; i++) off.consume({ action: 'login', ip: '1' });
    const limiter = createRateLimiter(config);
    limiter.consume({ action: 'login', ip: '1' });
    limiter.consume({ action: 'login', ip: '1' });
    limiter.reset();
    limiter.consume({ action: 'login', ip: '1' });
  });
});
