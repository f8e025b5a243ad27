import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Database, isRetryableConflict } from './database';

describe('isRetryableConflict', () => {
  it('recognizes deadlocks and serialization failures of MariaDB and PostgreSQL', () => {
    expect(isRetryableConflict({ errno: 1213, code: 'ER_LOCK_DEADLOCK' })).to.equal(true);
    expect(isRetryableConflict({ errno: 1205 })).to.equal(true);
    expect(isRetryableConflict({ code: '40P01' })).to.equal(true);
    expect(isRetryableConflict({ code: '40001' })).to.equal(true);
  });

  it('recognizes them wrapped: a hook tap failure keeps the driver error as its cause', () => {
    expect(isRetryableConflict(new Error('Hook "query-engine.afterCreate", tap "i18n" failed', { cause: { errno: 1213 } }))).to.equal(true);
    expect(isRetryableConflict(new Error('outer', { cause: new Error('inner', { cause: { code: '40P01' } }) }))).to.equal(true);
    expect(isRetryableConflict(new Error('outer', { cause: new Error('inner') }))).to.equal(false);
  });

  it('leaves every other error alone', () => {
    expect(isRetryableConflict(new Error('boom'))).to.equal(false);
    expect(isRetryableConflict({ errno: 1062, code: 'ER_DUP_ENTRY' })).to.equal(false);
    expect(isRetryableConflict({ code: '23505' })).to.equal(false);
    expect(isRetryableConflict(null)).to.equal(false);
  });
});

describe('Database#transaction: the current transaction of each async context', () => {
  let dir: string;
  let db: Database;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-trx-'));
    // two connections to one WAL file: a transaction can end while another one is still open
    db = new Database('sqlite', {
      client: 'better-sqlite3',
      connection: { filename: path.join(dir, 'db.sqlite') },
      useNullAsDefault: true,
      pool: {
        min: 0,
        max: 2,
        afterCreate(conn: { pragma(sql: string): unknown }, done: (error: Error | null, conn: unknown) => void) {
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        },
      },
    });
    await db.knex.schema.createTable('notes', (table) => {
      table.increments('id');
      table.string('text');
    });
  });

  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const texts = async () => (await db.knex('notes').orderBy('id').select('text')).map((row) => row.text);

  it('keeps a transaction that outlives another one: its statements after the other ended still run in it', async () => {
    let firstEnded!: () => void;
    const ended = new Promise<void>((resolve) => {
      firstEnded = resolve;
    });
    const seen: string[] = [];
    // (it writes only after the first one has committed: SQLite has one writer at a time)
    const second = db.transaction(async (trx) => {
      await ended;
      // the first transaction has committed: this one is still the current one
      seen.push(db.connection === trx ? 'own transaction' : 'something else');
      await db.connection('notes').insert({ text: 'second' });
      await db.transaction(async (nested) => {
        seen.push(nested === trx ? 'joined' : 'a new one');
        await db.connection('notes').insert({ text: 'second, nested' });
      });
      throw new Error('roll the second back');
    });
    await db.transaction(async () => {
      await db.connection('notes').insert({ text: 'first' });
    });
    firstEnded();
    const failure = await second.then(
      () => null,
      (error: Error) => error.message,
    );

    expect(failure).to.equal('roll the second back');
    expect(seen).to.deep.equal(['own transaction', 'joined']);
    expect(await texts()).to.deep.equal(['first']);
  });

  it('gives the pool outside any transaction, before, between and after them', async () => {
    expect(db.connection).to.equal(db.knex);
    await db.transaction(async (trx) => {
      expect(db.connection).to.equal(trx);
      await db.connection('notes').insert({ text: 'one' });
    });
    expect(db.connection).to.equal(db.knex);
    const rolledBack = await db
      .transaction(async () => {
        await db.connection('notes').insert({ text: 'two' });
        throw new Error('no');
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).to.equal('no');
    expect(db.connection).to.equal(db.knex);
    await db.transaction(async (trx) => {
      await Promise.resolve();
      expect(db.connection).to.equal(trx);
      await db.connection('notes').insert({ text: 'three' });
    });
    expect(await texts()).to.deep.equal(['one', 'three']);
  });

  it('runs what waits for the commit after it, outside the transaction', async () => {
    const order: string[] = [];
    await db.transaction(async () => {
      await db.afterCommit(async () => {
        order.push(db.connection === db.knex ? 'callback on the pool' : 'callback in a transaction');
        await db.connection('notes').insert({ text: 'after' });
      });
      await db.connection('notes').insert({ text: 'inside' });
      order.push('body');
    });
    expect(order).to.deep.equal(['body', 'callback on the pool']);
    expect(await texts()).to.deep.equal(['inside', 'after']);
  });
});
