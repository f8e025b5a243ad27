import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { createJwtService } from './jwt';

describe('users-permissions JWT service', () => {
  const service = createJwtService('spec-secret', { expiresIn: '30d' });

  it('issues HS256 tokens with { id, iat, exp }, dated no earlier than notBefore', () => {
    const token = service.issue({ id: 7 }, Math.floor(Date.now() / 1000) + 60);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).to.deep.equal({ alg: 'HS256', typ: 'JWT' });
    expect(Object.keys(payload)).to.deep.equal(['id', 'iat', 'exp']);
    expect(payload.iat).to.be.greaterThan(Date.now() / 1000 + 30);
    expect(service.verify(token)).to.deep.equal({ id: 7, iat: payload.iat });
  });

  it('a remembered token still expires', () => {
    const at = Math.floor(Date.now() / 1000);
    const token = jwt.sign({ id: 3, iat: at - 10, exp: at + 1 }, 'spec-secret');
    expect(service.verify(token)).to.deep.equal({ id: 3, iat: at - 10 });
    const realNow = Date.now;
    Date.now = () => realNow() + 5000;
    try {
      expect(service.verify(token)).to.equal(null);
    } finally {
      Date.now = realNow;
    }
  });

  it('refuses other algorithms, alg none, other secrets and payloads without a positive integer id', () => {
    const at = Math.floor(Date.now() / 1000);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ id: 1, iat: at })).toString('base64url')}.`;
    for (const token of [
      jwt.sign({ id: 1 }, 'spec-secret', { algorithm: 'HS384' }),
      none,
      jwt.sign({ id: 1 }, 'other'),
      jwt.sign({ id: '1' }, 'spec-secret'),
      jwt.sign({ id: 0 }, 'spec-secret'),
      'x.y.z',
    ]) {
      expect(service.verify(token), token).to.equal(null);
    }
  });
});
