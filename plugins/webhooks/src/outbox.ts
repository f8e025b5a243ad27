/**
 * The statements of the outbox (./tables.ts). Rows are written in the change's transaction with
 * one statement whatever the number of webhooks; a batch of deliveries is then claimed, checked
 * for order and closed with a fixed number of statements, whatever its size.
 */
import type { Database } from '@platform/core';
import { chunks } from '@platform/query-engine';
import { DELIVERED, DELIVERIES_TABLE, FAILED, PENDING, type DeliveryState } from './tables';

export interface NewDelivery {
  webhook: string;
  event: string;
  entryKey: string;
  payload: string;
}

/** A pending delivery a process holds (claimed) and may attempt. */
export interface Delivery extends NewDelivery {
  id: number;
  attempts: number;
  claimedUntil: number;
}

export interface Claim {
  by: string;
  until: number;
}

/** One row of the history. */
export interface DeliveryRecord {
  id: number;
  webhook: string;
  event: string;
  entryKey: string;
  state: DeliveryState;
  attempts: number;
  createdAt: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  finishedAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  durationMs: number | null;
}

export interface AttemptOutcome {
  id: number;
  status: number | null;
  message: string | null;
  durationMs: number;
}

const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export interface Outbox {
  /** In the current transaction: the rows, returned with their ids; `claim` holds them for this process. */
  insert(rows: NewDelivery[], claim: Claim | null, now: number): Promise<Delivery[]>;
  /** the pending deliveries of these entries, to any webhook, in id order */
  pendingOf(entryKeys: readonly string[]): Promise<Array<Pick<Delivery, 'id' | 'webhook' | 'entryKey'>>>;
  /** claims up to `limit` due deliveries that come first in their entry's order */
  claimDue(claim: Claim, now: number, limit: number): Promise<Delivery[]>;
  /** holds the rows longer; returns the ids still held by `claim` */
  extend(ids: number[], claim: Claim): Promise<Set<number>>;
  /** gives rows back to whichever process claims them next */
  release(ids: number[]): Promise<void>;
  delivered(outcomes: AttemptOutcome[], now: number): Promise<void>;
  /** one failed attempt: retried at `retryAt`, or, with null, failed for good */
  failed(outcome: AttemptOutcome, attempts: number, retryAt: number | null, now: number): Promise<void>;
  /** removes finished rows older than `before`, at most `limit`; returns how many */
  trim(before: number, limit: number): Promise<number>;
  history(filter: { webhook?: string; state?: DeliveryState; limit: number }): Promise<DeliveryRecord[]>;
}

interface Row {
  id: number | string;
  webhook: string;
  event: string;
  entry_key: string;
  payload: string;
  attempts: number | string;
  claimed_until: number | string;
}

function toDelivery(row: Row): Delivery {
  return { id: num(row.id), webhook: row.webhook, event: row.event, entryKey: row.entry_key, payload: row.payload, attempts: num(row.attempts), claimedUntil: num(row.claimed_until) };
}

const CLAIMED_COLUMNS = ['id', 'webhook', 'event', 'entry_key', 'payload', 'attempts', 'claimed_until'];

/**
 * `consecutiveIds`: a multi-row insert gets consecutive ids (SQLite always; MariaDB and MySQL
 * unless `innodb_autoinc_lock_mode` is 2), so the ids of its rows follow from the one it reports.
 */
export function createOutbox(db: () => Database, consecutiveIds: () => boolean): Outbox {
  const table = () => db().connection(DELIVERIES_TABLE);

  async function insertRows(rows: NewDelivery[], claim: Claim | null, now: number): Promise<number[]> {
    const database = db();
    const values = rows.map((row) => ({
      webhook: row.webhook,
      event: row.event,
      entry_key: row.entryKey,
      payload: row.payload,
      state: PENDING,
      attempts: 0,
      next_attempt_at: now,
      claimed_by: claim?.by ?? null,
      claimed_until: claim?.until ?? 0,
      created_at: now,
    }));
    if (database.client === 'postgres') {
      const inserted = (await table().insert(values).returning('id')) as Array<{ id: number | string }>;
      return inserted.map((row) => num(row.id));
    }
    if (values.length > 1 && !consecutiveIds()) {
      const ids: number[] = [];
      for (const value of values) ids.push(num((await table().insert(value))[0]));
      return ids;
    }
    const [reported] = (await table().insert(values)) as number[];
    // SQLite reports the last id of the statement, MariaDB and MySQL the first
    const first = database.client === 'sqlite' ? num(reported) - values.length + 1 : num(reported);
    return values.map((_, index) => first + index);
  }

  return {
    async insert(rows, claim, now) {
      const ids = await insertRows(rows, claim, now);
      return rows.map((row, index) => ({ ...row, id: ids[index] as number, attempts: 0, claimedUntil: claim?.until ?? 0 }));
    },

    async pendingOf(entryKeys) {
      const found: Array<Pick<Delivery, 'id' | 'webhook' | 'entryKey'>> = [];
      for (const slice of chunks([...new Set(entryKeys)])) {
        const rows = (await table().where('state', PENDING).whereIn('entry_key', slice).orderBy('id').select('id', 'webhook', 'entry_key')) as Array<{
          id: number | string;
          webhook: string;
          entry_key: string;
        }>;
        for (const row of rows) found.push({ id: num(row.id), webhook: row.webhook, entryKey: row.entry_key });
      }
      return found.sort((a, b) => a.id - b.id);
    },

    async claimDue(claim, now, limit) {
      // the first due rows, then which of them come first in their entry's order: two indexed
      // reads, whatever the number of rows waiting
      const due = (await table()
        .where('state', PENDING)
        .where('next_attempt_at', '<=', now)
        .where('claimed_until', '<', now)
        .orderBy('id')
        .limit(limit)
        .select('id', 'webhook', 'entry_key')) as Array<{ id: number | string; webhook: string; entry_key: string }>;
      if (due.length === 0) return [];
      const firsts = new Map<string, number>();
      for (const slice of chunks([...new Set(due.map((row) => row.entry_key))])) {
        const found = (await table().where('state', PENDING).whereIn('entry_key', slice).groupBy('webhook', 'entry_key').select('webhook', 'entry_key').min({ first: 'id' })) as Array<{
          webhook: string;
          entry_key: string;
          first: number | string;
        }>;
        for (const row of found) firsts.set(`${row.webhook}\n${row.entry_key}`, num(row.first));
      }
      const ids = due.filter((row) => firsts.get(`${row.webhook}\n${row.entry_key}`) === num(row.id)).map((row) => num(row.id));
      if (ids.length === 0) return [];
      await table().whereIn('id', ids).where('state', PENDING).where('claimed_until', '<', now).update({ claimed_by: claim.by, claimed_until: claim.until });
      const claimed = (await table().whereIn('id', ids).where('claimed_by', claim.by).orderBy('id').select(CLAIMED_COLUMNS)) as Row[];
      return claimed.map(toDelivery);
    },

    async extend(ids, claim) {
      if (ids.length === 0) return new Set();
      const kept = new Set<number>();
      for (const slice of chunks(ids)) {
        await table().whereIn('id', slice).where('claimed_by', claim.by).where('state', PENDING).update({ claimed_until: claim.until });
        const rows = (await table().whereIn('id', slice).where('claimed_by', claim.by).where('state', PENDING).select('id')) as Array<{ id: number | string }>;
        for (const row of rows) kept.add(num(row.id));
      }
      return kept;
    },

    async release(ids) {
      for (const slice of chunks(ids)) await table().whereIn('id', slice).where('state', PENDING).update({ claimed_by: null, claimed_until: 0 });
    },

    async delivered(outcomes, now) {
      // PostgreSQL types a bare parameter in a CASE as text
      const value = db().client === 'postgres' ? '?::integer' : '?';
      for (const slice of chunks(outcomes, 200)) {
        const knex = db().connection;
        const cases = (column: 'status' | 'durationMs') =>
          knex.raw(
            `case id ${slice.map(() => `when ? then ${value}`).join(' ')} end`,
            slice.flatMap((outcome) => [outcome.id, outcome[column]]),
          );
        await table()
          .whereIn(
            'id',
            slice.map((outcome) => outcome.id),
          )
          .update({
            state: DELIVERED,
            attempts: knex.raw('attempts + 1'),
            last_status: cases('status'),
            duration_ms: cases('durationMs'),
            last_error: null,
            last_attempt_at: now,
            finished_at: now,
            claimed_by: null,
            claimed_until: 0,
          });
      }
    },

    async failed(outcome, attempts, retryAt, now) {
      await table()
        .where('id', outcome.id)
        .update({
          state: retryAt === null ? FAILED : PENDING,
          attempts,
          next_attempt_at: retryAt ?? now,
          last_status: outcome.status,
          last_error: outcome.message,
          duration_ms: outcome.durationMs,
          last_attempt_at: now,
          finished_at: retryAt === null ? now : null,
          claimed_by: null,
          claimed_until: 0,
        });
    },

    async trim(before, limit) {
      const rows = (await table().where('finished_at', '<', before).orderBy('id').limit(limit).select('id')) as Array<{ id: number | string }>;
      const ids = rows.map((row) => num(row.id));
      for (const slice of chunks(ids)) await table().whereIn('id', slice).delete();
      return ids.length;
    },

    async history(filter) {
      const query = table()
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .select('id', 'webhook', 'event', 'entry_key', 'state', 'attempts', 'created_at', 'next_attempt_at', 'last_attempt_at', 'finished_at', 'last_status', 'last_error', 'duration_ms');
      if (filter.webhook) query.where('webhook', filter.webhook);
      if (filter.state) query.where('state', filter.state);
      const rows = (await query) as Array<Record<string, unknown>>;
      return rows.map((row) => ({
        id: num(row.id),
        webhook: String(row.webhook),
        event: String(row.event),
        entryKey: String(row.entry_key),
        state: row.state as DeliveryState,
        attempts: num(row.attempts),
        createdAt: num(row.created_at),
        nextAttemptAt: row.state === PENDING ? numOrNull(row.next_attempt_at) : null,
        lastAttemptAt: numOrNull(row.last_attempt_at),
        finishedAt: numOrNull(row.finished_at),
        lastStatus: numOrNull(row.last_status),
        lastError: (row.last_error as string | null) ?? null,
        durationMs: numOrNull(row.duration_ms),
      }));
    },
  };
}
