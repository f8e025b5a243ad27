/**
 * A database that cannot be reached at start-up is reported once, cleanly (DB_CONNECT): knex's
 * own "Acquire connection error" warning with its stack is kept for the debug level.
 */
import { assert, expect } from 'chai';
import { Platform, type BootError, type Logger } from '@platform/core';
import { EXAMPLE_APP, withoutUnnamedAuthPlugins } from '../helpers/app';

describe('an unreachable database at start-up', function () {
  this.timeout(30000);

  it("stops start-up with DB_CONNECT and logs knex's stack only at the debug level", async () => {
    const lines: string[] = [];
    const logger: Logger = {
      error: (message) => lines.push(`error ${message}`),
      warn: (message) => lines.push(`warn ${message}`),
      info: () => {},
      http: () => {},
      debug: (message) => lines.push(`debug ${message}`),
    };
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const platform = new Platform({
      appDir: EXAMPLE_APP,
      env: { ...process.env },
      logger,
      config: withoutUnnamedAuthPlugins({ database: { connection: { client: 'postgres', connection: { host: '127.0.0.1', port: 1, user: 'postgres', database: 'nowhere' } } } }),
    });
    const error = await platform.start().then(
      () => null,
      (e: BootError) => e,
    );
    await platform.destroy().catch(() => {});
    assert.exists(error);
    expect(error.code).to.equal('DB_CONNECT');
    expect(error.message).to.equal(`Cannot connect to the postgres database (${EXAMPLE_APP}/config/database.ts): connect ECONNREFUSED 127.0.0.1:1`);
    expect(lines.filter((line) => !line.startsWith('debug '))).to.deep.equal([]);
    expect(lines.some((line) => line.startsWith('debug knex: Acquire connection error: Error: connect ECONNREFUSED'))).to.equal(true, lines.join('\n'));
  });
});
