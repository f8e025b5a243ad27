/**
 * `platform start --workers 2`: each process caches roles and users; a role changed through
 * one worker is cleared, once it has committed, in both workers (the write answers once the
 * other worker has cleared its cache), so every request sent after the write answered sees the
 * change, whichever worker answers it, even while other requests keep filling the caches.
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

    // Many changes, each while other requests read (and refill) the role on both workers: a
    // cache cleared before the write committed would be refilled with the old permissions.
    let reading = true;
    const readers = Array.from({ length: 3 }, async () => {
      while (reading) await request(`${url}/api/notes`, 'GET');
    });
    try {
      for (let round = 1; round <= 12; round++) {
        const allowed = round % 2 === 0;
        tree['api::note'].controllers.note.find.enabled = allowed;
        expect((await request(`${url}/api/users-permissions/roles/2`, 'PUT', { permissions: tree })).body).to.deep.equal({ ok: true });
        expect(await statuses(4), `round ${round}`).to.deep.equal(Array(4).fill(allowed ? 200 : 403));
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
  });
});
