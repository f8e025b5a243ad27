/**
 * `register.allowedFields`: attributes a plugin (or the app) adds to the user beside username,
 * email and password are taken from the register body only when listed.
 */
import { expect } from 'chai';
import { definePlugin, type ContentTypeSchema } from '@platform/core';
import { USER_UID } from '@platform/users-permissions';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { startAuthApp } from './helpers';

/** Adds `displayName` and `company` to the user, as an extension of the user schema would. */
const userExtras = definePlugin({
  name: 'user-extras',
  register(ctx) {
    ctx.hooks.extendSchemas.tap('user-extras', (schemas) => {
      const user = schemas.contentTypes.get(USER_UID)?.schema as ContentTypeSchema | undefined;
      if (!user) throw new Error(`no ${USER_UID} to extend`);
      user.attributes.displayName = { type: 'string' };
      user.attributes.company = { type: 'string' };
    });
  },
});

for (const client of testClients()) {
  describe(`users-permissions register.allowedFields [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      app = await startAuthApp(client, { register: { allowedFields: ['displayName'] } }, { plugins: [userExtras] });
    });
    after(async () => app?.close());

    it('takes the listed attribute and ignores the others', async () => {
      const res = await app.post('/api/auth/local/register', { username: 'extra', email: 'extra@example.com', password: 'Passw0rd!', displayName: 'Extra One', company: 'Ignored Inc.' });
      expect(res.status).to.equal(200);
      expect(res.body.user).to.include({ displayName: 'Extra One', company: null });
      const row = await app.knex('up_users').where('id', res.body.user.id).first('display_name', 'company');
      expect(row).to.deep.equal({ display_name: 'Extra One', company: null });
    });
  });
}
