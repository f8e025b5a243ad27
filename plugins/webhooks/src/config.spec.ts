import { expect } from 'chai';
import { DEFAULT_CONFIG, validateConfig, type WebhooksConfig } from './config';

const check = (config: Partial<WebhooksConfig>) => () => validateConfig({ ...DEFAULT_CONFIG, ...config });

describe('webhooks: configuration', () => {
  it('takes the defaults and declared webhooks', () => {
    expect(check({})).to.not.throw();
    expect(
      check({ webhooks: [{ name: 'build', url: 'https://ci.example.com/build', events: ['entry.publish'], headers: { 'X-Token': 'a' }, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }] }),
    ).to.not.throw();
  });

  it('names the key of a mistake', () => {
    expect(check({ timeout: 0 })).to.throw('"timeout" must be a positive whole number, got 0');
    expect(check({ minDelay: 5000, maxDelay: 1000 })).to.throw('"minDelay" (5000) must not exceed "maxDelay" (1000)');
    expect(check({ webhooks: [{ name: 'a', url: 'ftp://x', events: [] }] })).to.throw('"webhooks[0]".url must be an http:// or https:// url');
    expect(check({ webhooks: [{ name: 'a', url: 'http://x', events: ['entry.save'] }] as never })).to.throw('"webhooks[0]".events has "entry.save"');
    expect(
      check({
        webhooks: [
          { name: 'a', url: 'http://x', events: [] },
          { name: 'a', url: 'http://y', events: [] },
        ],
      }),
    ).to.throw('"webhooks[1]".name "a" is given twice');
    expect(check({ webhooks: [{ name: 'a', url: 'http://x', events: [], secret: 'plain' }] })).to.throw('"webhooks[0]".secret must be "whsec_"');
    expect(check({ webhooks: [{ name: 'a', url: 'http://x', events: [], retries: 3 }] as never })).to.throw('"webhooks[0]" has unknown keys: retries');
  });
});
