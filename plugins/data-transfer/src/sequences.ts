/**
 * After rows were written with their ids, the next id the database gives must come after
 * them. SQLite (AUTOINCREMENT) and MariaDB (InnoDB's counter) move on by themselves;
 * PostgreSQL's sequences do not, and are set to the largest id of each table.
 */
import type { TransferContext } from './transfer-context';

export async function resetSequences(context: TransferContext, tables: string[]): Promise<void> {
  if (context.client !== 'postgres') return;
  for (const table of tables) {
    await context.knex.raw(`select setval(pg_get_serial_sequence(?, 'id'), coalesce((select max(id) from ??), 0) + 1, false)`, [table, table]);
  }
}
