import { expect } from 'chai';
import { isRetryableConflict } from './database';

describe('isRetryableConflict', () => {
  it('recognizes deadlocks and serialization failures of MariaDB and PostgreSQL', () => {
    expect(isRetryableConflict({ errno: 1213, code: 'ER_LOCK_DEADLOCK' })).to.equal(true);
    expect(isRetryableConflict({ errno: 1205 })).to.equal(true);
    expect(isRetryableConflict({ code: '40P01' })).to.equal(true);
    expect(isRetryableConflict({ code: '40001' })).to.equal(true);
  });

  it('recognizes them wrapped: a hook tap failure keeps the driver error as its cause', () => {
    expect(isRetryableConflict(new Error('Hook "query-engine.afterCreate", tap "i18n" failed', { cause: { errno: 1213 } }))).to.equal(true);
    expect(isRetryableConflict(new Error('outer', { cause: new Error('inner', { cause: { code: '40P01' } }) }))).to.equal(true);
    expect(isRetryableConflict(new Error('outer', { cause: new Error('inner') }))).to.equal(false);
  });

  it('leaves every other error alone', () => {
    expect(isRetryableConflict(new Error('boom'))).to.equal(false);
    expect(isRetryableConflict({ errno: 1062, code: 'ER_DUP_ENTRY' })).to.equal(false);
    expect(isRetryableConflict({ code: '23505' })).to.equal(false);
    expect(isRetryableConflict(null)).to.equal(false);
  });
});
