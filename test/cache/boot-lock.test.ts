/**
 * The boot lock belongs to one database: a node waits while another boots on its database, and
 * does not wait for a boot on another database of the same server (MariaDB's named locks are
 * server-wide, so the name carries the database's).
 */
import { assert, expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { lockQueries } from '../../core/src/database/boot-lock';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { databaseEnv, startNode } from './nodes';

/** one connection (a lock is its session's) */
function connect(database: TestDatabase): Knex {
  const connection = database.config.connection.connection;
  return knexFactory({ client: database.client === 'mysql' ? 'mysql2' : 'pg', connection, pool: { min: 1, max: 1 } });
}

/** runs a lock query; 1 when the lock was taken */
async function take(knex: Knex, sql: string, bindings: Array<string | number>): Promise<number> {
  const result = await knex.raw(sql, bindings);
  const rows = (result as { rows?: Array<{ taken: unknown }> }).rows ?? (result as Array<Array<{ taken: unknown }>>)[0];
  return Number(rows?.[0]?.taken === true ? 1 : rows?.[0]?.taken);
}

const WAITING = 'another node is booting on this database';

for (const client of testClients().filter((name) => name !== 'sqlite')) {
  describe(`boot lock per database [${client}]`, function () {
    this.timeout(120000);
    let mine: TestDatabase;
    let other: TestDatabase;
    let holder: Knex | null = null;

    before(async () => {
      [mine, other] = await Promise.all([createTestDatabase(client), createTestDatabase(client)]);
    });

    after(async () => {
      await holder?.destroy();
      await Promise.all([mine?.drop(), other?.drop()]);
    });

    it('a boot on another database of the server is not waited for; one on this database is', async () => {
      const queries = lockQueries(client);
      assert.exists(queries, `${client} has a boot lock`);
      holder = connect(other);
      expect(await take(holder, queries.take, queries.bindings)).to.equal(1);
      const node = await startNode(databaseEnv(mine));
      await node.stop();
      expect(node.output()).not.to.include(WAITING);
      await holder.destroy();

      // now the lock of this node's own database is held: it waits until it is released
      holder = connect(mine);
      expect(await take(holder, queries.take, queries.bindings)).to.equal(1);
      let waiting: () => void = () => {};
      const heardWaiting = new Promise<void>((resolve) => (waiting = resolve));
      const starting = startNode(databaseEnv(mine), 60000, [], (output) => {
        if (output.includes(WAITING)) waiting();
      });
      // the node waits (it says so) until the lock is released, then boots
      await heardWaiting;
      await holder.raw(queries.release, queries.bindings);
      const waited = await starting;
      await waited.stop();
    });
  });
}
