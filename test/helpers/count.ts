/**
 * The number of rows a query matches, as a number on every database (`count(*)` comes back as
 * a number from SQLite and MariaDB, as text from PostgreSQL).
 */
import type { Knex } from 'knex';

export async function countRows(query: Knex.QueryBuilder): Promise<number> {
  const [row] = await query.count({ n: '*' });
  if (!row) throw new Error('count(*) answered no row');
  return Number(row.n);
}
