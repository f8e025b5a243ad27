import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { expect } from 'chai';
import knexFactory from 'knex';
import { knexConfig, SQLITE_CACHE_KIB } from './connection';
import { cacheStatements, type SqliteConnection } from './sqlite-connection';

function fakeConnection() {
  const prepared: string[] = [];
  const conn: SqliteConnection = {
    pragma: () => undefined,
    prepare: (sql: string) => {
      prepared.push(sql);
      return { sql, n: prepared.length };
    },
  };
  return { conn, prepared };
}

describe('SQLite statement cache', () => {
  it('prepares each SQL text once and hands back the same statement', () => {
    const { conn, prepared } = fakeConnection();
    cacheStatements(conn);
    const a = conn.prepare('select 1');
    const b = conn.prepare('select 2');
    expect(conn.prepare('select 1')).to.equal(a);
    expect(conn.prepare('select 2')).to.equal(b);
    expect(prepared).to.deep.equal(['select 1', 'select 2']);
  });

  it('evicts the least recently used statement past its size', () => {
    const { conn, prepared } = fakeConnection();
    cacheStatements(conn, 2);
    conn.prepare('a');
    conn.prepare('b');
    conn.prepare('a'); // a is now the most recent
    conn.prepare('c'); // evicts b
    conn.prepare('a');
    conn.prepare('b');
    expect(prepared).to.deep.equal(['a', 'b', 'c', 'b']);
  });

  it('does not cache a statement that failed to prepare', () => {
    let calls = 0;
    const conn: SqliteConnection = {
      pragma: () => undefined,
      prepare: () => {
        calls += 1;
        throw new Error('syntax error');
      },
    };
    cacheStatements(conn);
    expect(() => conn.prepare('selec')).to.throw('syntax error');
    expect(() => conn.prepare('selec')).to.throw('syntax error');
    expect(calls).to.equal(2);
  });

  it('a connection of the platform keeps a page cache of SQLITE_CACHE_KIB, in WAL mode with foreign keys on', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stmt-cache-'));
    const { knex: config } = knexConfig({ connection: { client: 'sqlite', connection: { filename: path.join(dir, 'x.db') } } }, dir, 'database.ts');
    const knex = knexFactory(config);
    try {
      const pragma = async (name: string) => Object.values(((await knex.raw(`pragma ${name}`)) as Array<Record<string, unknown>>)[0] ?? {})[0];
      expect(await pragma('cache_size')).to.equal(-SQLITE_CACHE_KIB);
      expect(SQLITE_CACHE_KIB).to.equal(65536);
      expect(await pragma('journal_mode')).to.equal('wal');
      expect(await pragma('foreign_keys')).to.equal(1);
    } finally {
      await knex.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps answering right on a real connection across a schema change', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stmt-cache-'));
    const { knex: config } = knexConfig({ connection: { client: 'sqlite', connection: { filename: path.join(dir, 'x.db') } } }, dir, 'database.ts');
    const knex = knexFactory(config);
    try {
      await knex.schema.createTable('things', (t) => {
        t.increments('id');
        t.string('name');
      });
      await knex('things').insert([{ name: 'a' }, { name: 'b' }]);
      const read = () => knex('things').select('*').orderBy('id');
      expect(await read()).to.deep.equal([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]);
      await knex('things').insert({ name: 'c' });
      expect((await read()).map((r: { name: string }) => r.name)).to.deep.equal(['a', 'b', 'c']);
      await knex.schema.alterTable('things', (t) => {
        t.integer('size');
      });
      await knex('things').where({ id: 1 }).update({ size: 3 });
      expect((await read())[0]).to.deep.equal({ id: 1, name: 'a', size: 3 });
    } finally {
      await knex.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
