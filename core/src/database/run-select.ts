/**
 * Runs a SELECT already compiled to SQL text and bindings on a knex connection (the pool or an
 * open transaction), without a query builder and knex's per-query runner. The statement still
 * goes through the client's own `query`: the pool bounds concurrency, a transaction's statement
 * uses the transaction's connection (and fails once it completed), the `query` event fires (the
 * query listeners see it), errors get knex's message and the `query-error` event, and each
 * dialect turns the driver's answer into rows as it does for a builder's select.
 *
 * Selects started together inside one transaction share its one connection: they are sent one
 * after the other, in the order they were started. Drivers would queue them themselves, but pg
 * warns that it will stop doing so (pg 9 refuses a query while one runs).
 */
import type { Knex } from 'knex';

/** The parts of knex's client (internal, stable across knex 2 and 3) a select goes through. */
interface SelectClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  query(connection: unknown, query: { method: 'select'; sql: string; bindings: unknown[]; options?: object }): Promise<unknown>;
  processResponse(response: unknown, runner: null): unknown;
}

/** the last select started in each open transaction, which the next one waits for */
const inTransaction = new WeakMap<Knex.Transaction, Promise<unknown>>();
const settle = (): void => undefined;

/**
 * `sql` uses `?` placeholders as `QueryBuilder#toSQL()` gives them; the client positions them
 * (`$1` on PostgreSQL). `driverOptions` go to the driver's query call with the statement (pg:
 * `types`), as a builder's `.options()` would.
 */
export function runSelect<Row>(connection: Knex | Knex.Transaction, sql: string, bindings: readonly unknown[], driverOptions?: object): Promise<Row[]> {
  if (!(connection as Knex.Transaction).isTransaction) return select<Row>(connection, sql, bindings, driverOptions);
  const trx = connection as Knex.Transaction;
  const previous = inTransaction.get(trx);
  const next = previous !== undefined ? previous.then(settle, settle).then(() => select<Row>(trx, sql, bindings, driverOptions)) : select<Row>(trx, sql, bindings, driverOptions);
  inTransaction.set(trx, next);
  // the last select of the chain leaves nothing behind once it ends
  const forget = () => {
    if (inTransaction.get(trx) === next) inTransaction.delete(trx);
  };
  next.then(forget, forget);
  return next;
}

async function select<Row>(connection: Knex | Knex.Transaction, sql: string, bindings: readonly unknown[], driverOptions?: object): Promise<Row[]> {
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
