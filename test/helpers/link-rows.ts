/**
 * Writes a link row for each row a test seeded by the thousand, a slice at a time: one
 * `INSERT ... SELECT` of 40,000 links can outlast the statement time budget
 * (`database.statementTimeout`) on a loaded MariaDB.
 */
import type { Knex } from 'knex';

/**
 * For every id of `table` that `where` keeps (in id order, `slice` at a time), inserts
 * `link(id)` into `linkTable`.
 */
export async function linkRowsInSlices(
  knex: Knex,
  table: string,
  where: (query: Knex.QueryBuilder) => void,
  linkTable: string,
  link: (id: number) => Record<string, unknown>,
  slice: number,
): Promise<void> {
  for (let after = 0; ; ) {
    const query = knex(table).andWhere('id', '>', after).orderBy('id').limit(slice);
    where(query);
    const ids: number[] = await query.pluck('id');
    if (ids.length === 0) return;
    await knex(linkTable).insert(ids.map(link));
    after = ids[ids.length - 1] as number;
  }
}
