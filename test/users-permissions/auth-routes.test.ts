/**
 * The auth routes with Strapi v4's answers: register and login `{ jwt, user }`, the password
 * routes, email confirmation, and their error names and messages; what each leaves in the
 * database.
 */
import { assert, expect } from 'chai';
import bcrypt from 'bcryptjs';
import type { EmailMessage, EmailService } from '@platform/users-permissions';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from './helpers';

const USER_KEYS = ['id', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt'];

function error(status: number, name: string, message: string, details: Record<string, unknown> = {}) {
  return { data: null, error: { status, name, message, details } };
}

function issues(...list: Array<[string[], string]>) {
  const errors = list.map(([path, message]) => ({ path, message, name: 'ValidationError' }));
  const [only, ...more] = errors;
  return error(400, 'ValidationError', only && more.length === 0 ? only.message : `${errors.length} errors occurred`, { errors });
}

/** Captures what the plugin sends instead of logging it. */
function captureEmails(app: TestApp): EmailMessage[] {
  const sent: EmailMessage[] = [];
  app.platform
    .plugin('users-permissions')
    .service<EmailService>('email')
    .use({ send: async (message) => void sent.push(message) });
  return sent;
}

for (const client of testClients()) {
  describe(`users-permissions auth routes [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      app = await startAuthApp(client, { register: { allowedFields: [] } });
    });
    after(async () => app?.close());

    describe('POST /api/auth/local/register', () => {
      it('creates a confirmed user of the authenticated role with a bcrypt hash, and answers { jwt, user }', async () => {
        const res = await app.post('/api/auth/local/register', { username: 'ada', email: 'Ada@Example.com', password: 'Passw0rd!' });
        expect(res.status).to.equal(200);
        expect(Object.keys(res.body)).to.deep.equal(['jwt', 'user']);
        expect(Object.keys(res.body.user)).to.deep.equal(USER_KEYS);
        expect(res.body.user).to.include({ username: 'ada', email: 'ada@example.com', provider: 'local', confirmed: true, blocked: false });
        const [header, payload] = res.body.jwt
          .split('.')
          .slice(0, 2)
          .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
        expect(header).to.deep.equal({ alg: 'HS256', typ: 'JWT' });
        expect(Object.keys(payload)).to.deep.equal(['id', 'iat', 'exp']);
        expect(payload.id).to.equal(res.body.user.id);
        expect(payload.exp - payload.iat).to.equal(30 * 24 * 3600);
        const row = await app.knex('up_users').where('id', res.body.user.id).first();
        expect(row.password).to.match(/^\$2[aby]\$10\$/);
        expect(await bcrypt.compare('Passw0rd!', row.password)).to.equal(true);
        const link = await app.knex('up_users_role_links').where('user_id', row.id).first();
        const role = await app.knex('up_roles').where('id', link.role_id).first();
        expect(role.type).to.equal('authenticated');
      });

      it('refuses a taken email or username (either way round) with "Email or Username are already taken"', async () => {
        await register(app, 'grace');
        for (const body of [
          { username: 'grace', email: 'other@example.com', password: 'Passw0rd!' },
          { username: 'other', email: 'GRACE@example.com', password: 'Passw0rd!' },
          { username: 'grace@example.com', email: 'x@example.com', password: 'Passw0rd!' },
        ]) {
          const res = await app.post('/api/auth/local/register', body);
          expect(res.status).to.equal(400);
          expect(res.body).to.deep.equal(error(400, 'ApplicationError', 'Email or Username are already taken'));
        }
      });

      it('validates the body as Strapi v4 does, and writes nothing', async () => {
        const before = await app.knex('up_users').count({ n: '*' }).first();
        const empty = await app.post('/api/auth/local/register', {});
        expect(empty.body).to.deep.equal(issues([['email'], 'email is a required field'], [['username'], 'username is a required field'], [['password'], 'password is a required field']));
        const badEmail = await app.post('/api/auth/local/register', { username: 'someone', email: 'nope', password: 'Passw0rd!' });
        expect(badEmail.body).to.deep.equal(issues([['email'], 'email must be a valid email']));
        const short = await app.post('/api/auth/local/register', { username: 'someone', email: 'someone@example.com', password: 'short' });
        expect(short.body).to.deep.equal(issues([['password'], 'password must be at least 6 characters']));
        const after = await app.knex('up_users').count({ n: '*' }).first();
        expect(Number(after?.n)).to.equal(Number(before?.n));
      });

      it('refuses a password longer than the 72 bytes bcrypt reads (400) instead of cutting it', async () => {
        const long = 'é'.repeat(37); // 74 bytes
        const res = await app.post('/api/auth/local/register', { username: 'longpass', email: 'longpass@example.com', password: long });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(issues([['password'], 'password must be at most 72 bytes']));
        const login = await app.post('/api/auth/local', { identifier: 'ada', password: 'a'.repeat(73) });
        expect(login.body).to.deep.equal(issues([['password'], 'password must be at most 72 bytes']));
      });

      it('takes only username, email and password (and register.allowedFields): a role or confirmed flag in the body is ignored', async () => {
        const res = await app.post('/api/auth/local/register', {
          username: 'sneaky',
          email: 'sneaky@example.com',
          password: 'Passw0rd!',
          role: 999,
          confirmed: false,
          blocked: true,
          provider: 'github',
        });
        expect(res.status).to.equal(200);
        expect(res.body.user).to.include({ confirmed: true, blocked: false, provider: 'local' });
      });
    });

    describe('POST /api/auth/local', () => {
      it('logs in by email (any case) or exact username and answers the sanitized user without its role', async () => {
        const { user } = await register(app, 'linus');
        for (const identifier of ['linus', 'LINUS@example.com']) {
          const res = await app.post('/api/auth/local', { identifier, password: 'Passw0rd!' });
          expect(res.status).to.equal(200);
          expect(Object.keys(res.body)).to.deep.equal(['jwt', 'user']);
          expect(res.body.user).to.deep.equal(user);
        }
        expect((await app.post('/api/auth/local', { identifier: 'LINUS', password: 'Passw0rd!' })).status).to.equal(400);
      });

      it('answers "Invalid identifier or password" for an unknown user and a wrong password alike, in the same time', async () => {
        await register(app, 'timing');
        const unknown = await app.post('/api/auth/local', { identifier: 'nobody-here', password: 'Passw0rd!' });
        const wrong = await app.post('/api/auth/local', { identifier: 'timing', password: 'Wrong-passw0rd' });
        expect(unknown.body).to.deep.equal(error(400, 'ValidationError', 'Invalid identifier or password'));
        expect(wrong.body).to.deep.equal(unknown.body);
        const time = async (identifier: string) => {
          const started = process.hrtime.bigint();
          for (let i = 0; i < 4; i++) await app.post('/api/auth/local', { identifier, password: 'Wrong-passw0rd' });
          return Number(process.hrtime.bigint() - started) / 4e6;
        };
        const [missing, existing] = [await time('nobody-here'), await time('timing')];
        // Both compare a bcrypt hash of 10 rounds: neither answer is a fraction of the other.
        expect(missing / existing).to.be.within(0.5, 2);
      });

      it('validates the body', async () => {
        const res = await app.post('/api/auth/local', { identifier: 'x' });
        expect(res.body).to.deep.equal(issues([['password'], 'password is a required field']));
      });
    });

    describe('password routes', () => {
      it('forgot-password mails a reset code (and answers { ok: true } for unknown addresses too); reset-password sets the new password', async () => {
        const sent = captureEmails(app);
        const { user, jwt: before } = await register(app, 'forgetful');
        const unknown = await app.post('/api/auth/forgot-password', { email: 'nobody@example.com' });
        expect(unknown.status).to.equal(200);
        expect(unknown.body).to.deep.equal({ ok: true });
        expect(sent).to.have.length(0);
        const res = await app.post('/api/auth/forgot-password', { email: 'FORGETFUL@example.com' });
        expect(res.body).to.deep.equal({ ok: true });
        expect(sent).to.have.length(1);
        const [mail] = sent;
        assert.exists(mail);
        expect(mail.to).to.equal('forgetful@example.com');
        const code = /\?code=([0-9a-f]+)/.exec(mail.text)?.[1];
        assert.exists(code);
        const stored = await app.knex('up_users').where('id', user.id).first('reset_password_token');
        expect(stored.reset_password_token).to.equal(code);

        const mismatch = await app.post('/api/auth/reset-password', { code, password: 'N3w-passw0rd', passwordConfirmation: 'other-passw0rd' });
        expect(mismatch.body).to.deep.equal(error(400, 'ValidationError', 'Passwords do not match'));
        const wrongCode = await app.post('/api/auth/reset-password', { code: 'abc', password: 'N3w-passw0rd', passwordConfirmation: 'N3w-passw0rd' });
        expect(wrongCode.body).to.deep.equal(error(400, 'ValidationError', 'Incorrect code provided'));
        const reset = await app.post('/api/auth/reset-password', { code, password: 'N3w-passw0rd', passwordConfirmation: 'N3w-passw0rd' });
        expect(reset.status).to.equal(200);
        expect(Object.keys(reset.body)).to.deep.equal(['jwt', 'user']);
        expect((await app.knex('up_users').where('id', user.id).first('reset_password_token')).reset_password_token).to.equal(null);
        // a reset revokes the JWTs issued before it; the one it answers works
        expect((await app.get('/api/users/me', bearer(before))).status).to.equal(401);
        expect((await app.get('/api/users/me', bearer(reset.body.jwt))).status).to.equal(200);
        expect((await app.post('/api/auth/local', { identifier: 'forgetful', password: 'N3w-passw0rd' })).status).to.equal(200);
        expect((await app.post('/api/auth/reset-password', { code, password: 'N3w-passw0rd', passwordConfirmation: 'N3w-passw0rd' })).status).to.equal(400);
      });

      it('forgot-password refuses unknown keys (noUnknown), as Strapi v4', async () => {
        const res = await app.post('/api/auth/forgot-password', { email: 'a@example.com', extra: 1 });
        expect(res.body).to.deep.equal(issues([[], 'this field has unspecified keys: extra']));
      });

      it('change-password checks the current password and that the new one differs', async () => {
        const { jwt, password } = await register(app);
        const wrong = await app.post('/api/auth/change-password', { currentPassword: 'not-it-at-all', password: 'N3w-passw0rd', passwordConfirmation: 'N3w-passw0rd' }, bearer(jwt));
        expect(wrong.body).to.deep.equal(error(400, 'ValidationError', 'The provided current password is invalid'));
        const same = await app.post('/api/auth/change-password', { currentPassword: password, password, passwordConfirmation: password }, bearer(jwt));
        expect(same.body).to.deep.equal(error(400, 'ValidationError', 'Your new password must be different than your current password'));
        const mismatch = await app.post('/api/auth/change-password', { currentPassword: password, password: 'N3w-passw0rd', passwordConfirmation: 'x' }, bearer(jwt));
        expect(mismatch.body).to.deep.equal(issues([['passwordConfirmation'], 'Passwords do not match']));
        const publicCaller = await app.post('/api/auth/change-password', { currentPassword: password, password: 'N3w-passw0rd', passwordConfirmation: 'N3w-passw0rd' });
        expect(publicCaller.status).to.equal(403);
      });
    });
  });

  describe(`users-permissions email confirmation [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      app = await startAuthApp(client, { advanced: { emailConfirmation: true, emailConfirmationRedirection: 'https://front.example.com/welcome' } });
    });
    after(async () => app?.close());

    it('registers without a JWT, refuses the login until the link is followed, then redirects and logs in', async () => {
      const sent = captureEmails(app);
      const res = await app.post('/api/auth/local/register', { username: 'confirm', email: 'confirm@example.com', password: 'Passw0rd!' });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body)).to.deep.equal(['user']);
      expect(res.body.user.confirmed).to.equal(false);
      const login = await app.post('/api/auth/local', { identifier: 'confirm', password: 'Passw0rd!' });
      expect(login.body).to.deep.equal(error(400, 'ApplicationError', 'Your account email is not confirmed'));
      expect(sent).to.have.length(1);
      const link = /(\/api\/auth\/email-confirmation\?confirmation=[0-9a-f]+)/.exec(sent[0]?.text ?? '')?.[1];
      assert.exists(link);
      const bad = await app.get('/api/auth/email-confirmation?confirmation=nope');
      expect(bad.body).to.deep.equal(error(400, 'ValidationError', 'Invalid token'));
      const follow = await fetch(app.url + link, { redirect: 'manual' });
      expect(follow.status).to.equal(302);
      expect(follow.headers.get('location')).to.equal('https://front.example.com/welcome');
      expect((await app.post('/api/auth/local', { identifier: 'confirm', password: 'Passw0rd!' })).status).to.equal(200);
      const again = await app.post('/api/auth/send-email-confirmation', { email: 'confirm@example.com' });
      expect(again.body).to.deep.equal(error(400, 'ApplicationError', 'Already confirmed'));
    });

    it('send-email-confirmation mails a new link and answers { email, sent: true }, for unknown addresses too', async () => {
      const sent = captureEmails(app);
      await app.post('/api/auth/local/register', { username: 'resend', email: 'resend@example.com', password: 'Passw0rd!' });
      const res = await app.post('/api/auth/send-email-confirmation', { email: 'resend@example.com' });
      expect(res.body).to.deep.equal({ email: 'resend@example.com', sent: true });
      expect(sent).to.have.length(2);
      const unknown = await app.post('/api/auth/send-email-confirmation', { email: 'nobody@example.com' });
      expect(unknown.body).to.deep.equal({ email: 'nobody@example.com', sent: true });
      expect(sent).to.have.length(2);
    });
  });
}
