import { expect } from 'chai';
import { checkTarget, refusedUrl, type OwnServer } from './url-guard';

describe('webhooks: where a webhook may point', () => {
  const own: OwnServer = { ports: new Set([1337, 4000]), origins: new Set(['https://cms.example.com']) };

  it('never at the server itself: its public url, or its ports on an address of this machine', async () => {
    expect(refusedUrl(new URL('https://cms.example.com/api/articles'), own, false)).to.equal('points at this server itself (https://cms.example.com)');
    for (const url of ['http://127.0.0.1:1337/x', 'http://127.1.2.3:4000/', 'http://[::1]:1337/', 'http://0.0.0.0:1337/', 'http://[::ffff:127.0.0.1]:1337/']) {
      expect(refusedUrl(new URL(url), own, false), url).to.match(/^points at this server itself/);
    }
    expect(await checkTarget(new URL('http://localhost:1337/hook'), own, false)).to.match(/^points at this server itself \((127\.0\.0\.1|::1) port 1337\)$/);
  });

  it('at another port of this machine, unless private addresses are refused', async () => {
    expect(await checkTarget(new URL('http://127.0.0.1:8080/hook'), own, false)).to.equal(null);
    expect(await checkTarget(new URL('http://localhost:8080/hook'), own, false)).to.equal(null);
    expect(await checkTarget(new URL('http://127.0.0.1:8080/hook'), own, true)).to.equal('points at a private address (127.0.0.1), which this server refuses (refusePrivateAddresses)');
    for (const host of ['10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '[fd00::1]', '[fe80::1]']) {
      expect(refusedUrl(new URL(`http://${host}/`), own, true), host).to.match(/^points at a private address/);
    }
    expect(refusedUrl(new URL('http://93.184.216.34/'), own, true)).to.equal(null);
  });

  it('only over http and https', () => {
    expect(refusedUrl(new URL('ftp://example.com/'), own, false)).to.equal('uses ftp:; only http and https are requested');
  });
});
