/**
 * The auth rate limit: per client address and per normalized identifier, per action; a
 * trailing slash, another case of the path or another email in the body opens no new window;
 * past the limit a 429 RateLimitError envelope. The limiter is a service other transports use.
 */
import { expect } from 'chai';
import type { RateLimiter } from '@platform/users-permissions';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { register, startAuthApp } from './helpers';

const LIMITED = { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } };

for (const client of testClients()) {
  describe(`users-permissions rate limit [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      // proxy: true lets the test pose as several clients through X-Forwarded-For
      app = await startAuthApp(client, { ratelimit: { enabled: true, interval: 60000, max: 3 } }, { config: { server: { proxy: true } } });
    });
    after(async () => app?.close());
    beforeEach(() => app.platform.plugin('users-permissions').service<RateLimiter>('rate-limit').reset());

    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    it('limits one address whatever identifier, email, path spelling or trailing slash it uses', async () => {
      const statuses: number[] = [];
      for (const [path, identifier] of [
        ['/api/auth/local', 'a@example.com'],
        ['/api/auth/local/', 'b@example.com'],
        ['/api/auth/local', 'c@example.com'],
        ['/api/auth/local/', 'd@example.com'],
      ] satisfies Array<[string, string]>) {
        const res = await app.post(path, { identifier, password: 'Wrong-passw0rd' }, from('10.0.0.1'));
        statuses.push(res.status);
        if (res.status === 429) expect(res.body).to.deep.equal(LIMITED);
      }
      expect(statuses).to.deep.equal([400, 400, 400, 429]);
      // another address is not limited
      expect((await app.post('/api/auth/local', { identifier: 'a@example.com', password: 'Wrong-passw0rd' }, from('10.0.0.2'))).status).to.equal(400);
    });

    it('limits one identifier (any case, any spacing) whatever address it comes from', async () => {
      const statuses: number[] = [];
      for (const [ip, identifier] of [
        ['10.1.0.1', 'victim@example.com'],
        ['10.1.0.2', 'VICTIM@example.com'],
        ['10.1.0.3', ' victim@example.com '],
        ['10.1.0.4', 'Victim@Example.com'],
      ] satisfies Array<[string, string]>) {
        statuses.push((await app.post('/api/auth/local', { identifier, password: 'Wrong-passw0rd' }, from(ip))).status);
      }
      expect(statuses).to.deep.equal([400, 400, 400, 429]);
    });

    it('counts register, forgot-password and reset-password too, each in its own window', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await app.post('/api/auth/forgot-password', { email: `x${i}@example.com` }, from('10.2.0.1'))).status);
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
      expect((await app.post('/api/auth/local/register', { username: 'limited', email: 'limited@example.com', password: 'Passw0rd!' }, from('10.2.0.1'))).status).to.equal(200);
      const resets: number[] = [];
      for (let i = 0; i < 4; i++) resets.push((await app.post('/api/auth/reset-password', { code: 'x', password: 'Passw0rd!', passwordConfirmation: 'Passw0rd!' }, from('10.2.0.3'))).status);
      expect(resets).to.deep.equal([400, 400, 400, 429]);
    });

    it('a limited login does not even check the password', async () => {
      const { user, password } = await register(app);
      for (let i = 0; i < 3; i++) await app.post('/api/auth/local', { identifier: user.username, password: 'Wrong-passw0rd' }, from('10.3.0.1'));
      const res = await app.post('/api/auth/local', { identifier: user.username, password }, from('10.3.0.1'));
      expect(res.body).to.deep.equal(LIMITED);
    });

    it('is a service: another transport counts in the same windows', async () => {
      const limiter = app.platform.plugin('users-permissions').service<RateLimiter>('rate-limit');
      for (let i = 0; i < 3; i++) await limiter.consume({ action: 'auth.callback', ip: '10.4.0.1', identifier: 'shared@example.com' });
      expect((await app.post('/api/auth/local', { identifier: 'other@example.com', password: 'Wrong-passw0rd' }, from('10.4.0.1'))).body).to.deep.equal(LIMITED);
      const refused = await limiter.consume({ action: 'auth.callback', ip: '10.4.0.9', identifier: 'SHARED@example.com' }).then(
        () => null,
        (error: Error) => error,
      );
      expect(refused?.message).to.equal('Too many requests, please try again later.');
    });
  });
}
