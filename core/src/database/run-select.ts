/**
 * Runs a SELECT already compiled to SQL text and bindings on a knex connection (the pool or an
 * open transaction), without a query builder and knex's per-query runner. The statement still
 * goes through the client's own `query`: the pool bounds concurrency, a transaction's statement
 * uses the transaction's connection (and fails once it completed), the `query` event fires (the
 * query listeners see it), errors get knex's message and the `query-error` event, and each
 * dialect turns the driver's answer into rows as it does for a builder's select.
 */
import type { Knex } from 'knex';

/** The parts of knex's client (internal, stable across knex 2 and 3) a select goes through. */
interface SelectClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  query(connection: unknown, query: { method: 'select'; sql: string; bindings: unknown[]; options?: object }): Promise<unknown>;
  processResponse(response: unknown, runner: null): unknown;
}

/**
 * `sql` uses `?` placeholders as `QueryBuilder#toSQL()` gives them; the client positions them
 * (`$1` on PostgreSQL). `driverOptions` go to the driver's query call with the statement (pg:
 * `types`), as a builder's `.options()` would.
 */
export async function runSelect<Row>(connection: Knex | Knex.Transaction, sql: string, bindings: readonly unknown[], driverOptions?: object): Promise<Row[]> {
  const client = connection.client as SelectClient;
  const raw = await client.acquireConnection();
  try {
    // every client reads `options` only when set
    const response = await client.query(raw, { method: 'select', sql, bindings: [...bindings], options: driverOptions });
    return client.processResponse(response, null) as Row[];
  } finally {
    await client.releaseConnection(raw);
  }
}
