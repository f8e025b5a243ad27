/**
 * `platform start --workers 2`: each worker holds the tokens in memory. A token revoked through
 * the service in one worker (here by an app route that calls it) stops working in every worker
 * at once, through the kernel's broadcast: the look for other processes' changes is off
 * (`refreshInterval: 0`), so nothing else could tell the other worker.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { SALT } from './token-helpers';
import { BIN, ROOT, requestOnce, workersApp, type WorkersApp } from '../helpers/workers-app';

const request = async (url: string, method: string, headers: Record<string, string> = {}): Promise<number> => (await requestOnce(url, method, { headers })).status;

/** An app route that revokes a token through the plugin's service, in whichever worker answers it. */
const REVOKE_CONTROLLER = `export default ({ platform }) => ({
  async revoke(ctx) {
    const revoked = await platform.service('plugin::api-tokens.api-tokens').revoke(Number(ctx.params.id));
    return { revoked: revoked.id };
  },
});
`;

describe('API tokens with platform start --workers 2', function () {
  this.timeout(120000);
  let app: WorkersApp | null = null;

  after(async () => app?.close());

  it('a token revoked in one worker is refused by every worker at once', async () => {
    app = workersApp(
      'platform-token-workers-',
      `export default {
  i18n: { enabled: false },
  'users-permissions': { config: { permissions: { public: ['api::note.note.find'] } } },
  'api-tokens': { config: { refreshInterval: 0 } },
};\n`,
      { API_TOKEN_SALT: SALT, JWT_SECRET: 'token-workers-secret' },
    );
    const { appDir, env } = app;
    fs.mkdirSync(path.join(appDir, 'api', 'note', 'controllers'), { recursive: true });
    fs.mkdirSync(path.join(appDir, 'api', 'note', 'routes'), { recursive: true });
    fs.writeFileSync(path.join(appDir, 'api', 'note', 'controllers', 'tokens.js'), REVOKE_CONTROLLER);
    fs.writeFileSync(
      path.join(appDir, 'api', 'note', 'routes', 'tokens.js'),
      `export default { routes: [{ method: 'POST', path: '/tokens/:id/revoke', handler: 'tokens.revoke', config: { auth: false } }] };\n`,
    );

    const created = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [BIN, 'api-token', 'create', '--name', 'workers', '--type', 'read-only', '--json', '--app', appDir], { cwd: ROOT, env }, (error, stdout, stderr) =>
        error ? reject(new Error(stderr)) : resolve(stdout),
      );
    });
    const { id, accessKey } = JSON.parse(created) as { id: number; accessKey: string };

    const url = await app.start();
    const statuses = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await request(`${url}/api/notes`, 'GET', { authorization: `Bearer ${accessKey}` }));
      return out;
    };
    expect(await statuses(8)).to.deep.equal(Array(8).fill(200));
    // a write the read-only token may not do is refused by each worker
    expect(await request(`${url}/api/notes`, 'POST', { authorization: `Bearer ${accessKey}`, 'content-type': 'application/json' })).to.equal(403);

    expect(await request(`${url}/api/tokens/${id}/revoke`, 'POST')).to.equal(200);
    // no longer a token: the bearer goes on to the JWT check, which refuses it
    expect(await statuses(8)).to.deep.equal(Array(8).fill(401));
  });
});
