import crypto from 'node:crypto';
import { expect } from 'chai';
import { bearerOf, hashSecret, newSecret } from './hash';

describe('api-tokens: secrets, hashes and the bearer', () => {
  it('a secret is 128 random bytes as 256 hex characters, different each time', () => {
    const [a, b] = [newSecret(), newSecret()];
    expect(a).to.match(/^[0-9a-f]{256}$/);
    expect(a).to.not.equal(b);
  });

  it("the hash is HMAC-SHA512 keyed with the salt, as hex (Strapi v4's accessKey)", () => {
    expect(hashSecret('salt', 'secret')).to.equal(crypto.createHmac('sha512', 'salt').update('secret').digest('hex'));
    expect(hashSecret('salt', 'secret')).to.have.length(128);
    expect(hashSecret('other', 'secret')).to.not.equal(hashSecret('salt', 'secret'));
  });

  it('reads a bearer as Strapi does: two whitespace-separated parts, the scheme in any case', () => {
    expect([bearerOf('Bearer abc'), bearerOf('bearer abc'), bearerOf('BEARER\tabc'), bearerOf('  Bearer   abc  ')]).to.deep.equal(['abc', 'abc', 'abc', 'abc']);
    for (const header of [undefined, '', 'Bearer', 'Bearer a b', 'Basic abc', 'abc', 'Token abc']) expect(bearerOf(header), String(header)).to.equal(null);
  });
});
