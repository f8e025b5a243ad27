import { expect } from 'chai';
import { retryDelay } from './backoff';

describe('webhooks: retry delays', () => {
  const options = { minDelay: 1000, maxDelay: 60_000 };
  const middle = () => 0.5;

  it('double after each attempt from minDelay, up to maxDelay', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((n) => retryDelay(n, options, null, middle))).to.deep.equal([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });

  it('are spread by up to a tenth either way, within the bounds', () => {
    expect(retryDelay(3, options, null, () => 0)).to.equal(3600);
    expect(retryDelay(3, options, null, () => 1)).to.equal(4400);
    expect(retryDelay(1, options, null, () => 0)).to.equal(1000);
    expect(retryDelay(20, options, null, () => 1)).to.equal(60000);
  });

  it('give a Retry-After at least its time, never past maxDelay', () => {
    expect(retryDelay(1, options, 30_000, middle)).to.equal(30000);
    expect(retryDelay(1, options, 3_600_000, middle)).to.equal(60000);
    expect(retryDelay(4, options, 10, middle)).to.equal(8000);
  });
});
