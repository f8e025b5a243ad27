/**
 * `platform start --workers 2`: each process caches roles and users; a role changed through
 * one worker is cleared in the other through the kernel's broadcast, so every request sees
 * the change at once, whichever worker answers it.
 */
import { expect } from 'chai';
import { requestOnce, workersApp, type WorkersApp } from '../helpers/workers-app';

const request = (url: string, method: string, body?: unknown) => requestOnce(url, method, { body });

describe('users-permissions with platform start --workers 2', function () {
  this.timeout(90000);
  let app: WorkersApp | null = null;

  after(async () => app?.close());

  it('a permission change made through one worker holds on every worker at once', async () => {
    app = workersApp(
      'platform-workers-',
      `export default {
  i18n: { enabled: false },
  'api-tokens': { enabled: false },
  'users-permissions': { config: { permissions: { public: ['api::note.note.find', 'plugin::users-permissions.role.findOne', 'plugin::users-permissions.role.updateRole'] } } },
};\n`,
      { JWT_SECRET: 'workers-secret' },
    );
    const url = await app.start();
    const statuses = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await request(`${url}/api/notes`, 'GET')).status);
      return out;
    };
    // every worker has read (and cached) the public role
    expect(await statuses(8)).to.deep.equal(Array(8).fill(200));

    const role = await request(`${url}/api/users-permissions/roles/2`, 'GET');
    expect(role.status).to.equal(200);
    const tree = role.body.role.permissions;
    tree['api::note'].controllers.note.find.enabled = false;
    expect((await request(`${url}/api/users-permissions/roles/2`, 'PUT', { permissions: tree })).body).to.deep.equal({ ok: true });
    expect(await statuses(8)).to.deep.equal(Array(8).fill(403));

    tree['api::note'].controllers.note.find.enabled = true;
    expect((await request(`${url}/api/users-permissions/roles/2`, 'PUT', { permissions: tree })).body).to.deep.equal({ ok: true });
    expect(await statuses(8)).to.deep.equal(Array(8).fill(200));
  });
});
