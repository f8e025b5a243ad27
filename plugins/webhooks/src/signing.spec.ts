import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { generateSecret, isSecret, signature } from './signing';

describe('webhooks: signatures', () => {
  it('are verified by a Standard Webhooks library with the same secret, and refused with another', () => {
    const secret = generateSecret();
    expect(isSecret(secret)).to.equal(true);
    const body = JSON.stringify({ event: 'entry.create', createdAt: '2026-01-01T00:00:00.000Z', model: 'article', uid: 'api::article.article', entry: { id: 1, title: 'é' } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature(secret, 'msg_1', timestamp, body) };
    expect(new Webhook(secret).verify(body, headers)).to.deep.equal(JSON.parse(body));
    expect(() => new Webhook(generateSecret()).verify(body, headers)).to.throw('No matching signature found');
    expect(() => new Webhook(secret).verify(`${body} `, headers)).to.throw('No matching signature found');
  });

  it('takes only whsec_ secrets with enough base64 after the prefix', () => {
    for (const value of ['whsec_', 'whsec_short', 'secret', 42, null, 'whsec_!!!!!!!!!!!!!!!!!!!!']) expect(isSecret(value), String(value)).to.equal(false);
    expect(isSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).to.equal(true);
  });
});
