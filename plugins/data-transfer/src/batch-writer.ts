/**
 * Rows buffered per table and written together: one transaction per batch, multi-row inserts
 * of a bounded size, tables in the order their first row came (an owner before the rows that
 * point at it). Each table's rows are given the same columns (a missing value is NULL), which
 * a multi-row insert needs.
 */
import type { Knex } from 'knex';
import { INSERT_CHUNK, chunks } from '@platform/query-engine';
import type { Row } from './entity-rows';

/** The database's own words: knex puts the statement (with the rows' values) before them. */
function databaseMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const at = message.lastIndexOf(' - ');
  return (at === -1 ? message : message.slice(at + 3)).replace(/\s+/g, ' ').trim();
}

export class BatchWriter {
  private pending = new Map<string, Row[]>();
  private size = 0;
  /** rows written per table, for the summary and the report of a failure */
  readonly written = new Map<string, number>();

  constructor(
    private readonly transaction: <T>(fn: (trx: Knex.Transaction) => Promise<T>) => Promise<T>,
    readonly batchSize: number,
  ) {}

  add(table: string, row: Row): void {
    let rows = this.pending.get(table);
    if (!rows) {
      rows = [];
      this.pending.set(table, rows);
    }
    rows.push(row);
    this.size += 1;
  }

  get buffered(): number {
    return this.size;
  }

  /** Writes what is buffered when the batch is full (or always, with `force`). */
  async flush(force = false): Promise<void> {
    if (this.size === 0 || (!force && this.size < this.batchSize)) return;
    const batch = this.pending;
    this.pending = new Map();
    this.size = 0;
    await this.transaction(async (trx) => {
      for (const [table, rows] of batch) {
        const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
        const even = rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
        try {
          for (const part of chunks(even, INSERT_CHUNK)) await trx(table).insert(part);
        } catch (error) {
          throw new Error(`writing to ${table}: ${databaseMessage(error)}`, { cause: error });
        }
      }
    });
    for (const [table, rows] of batch) this.written.set(table, (this.written.get(table) ?? 0) + rows.length);
  }
}
