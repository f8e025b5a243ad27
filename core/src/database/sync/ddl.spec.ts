import { expect } from 'chai';
import knexFactory from 'knex';
import { mysqlCreateTable } from './ddl';
import type { DesiredTable } from './types';

describe('mysqlCreateTable', () => {
  const knex = knexFactory({ client: 'mysql2', connection: { charset: 'utf8mb4' } });
  after(() => knex.destroy());

  const table: DesiredTable = {
    name: 'notes_tags_links',
    role: 'link',
    source: 'note.json',
    columns: [
      { name: 'id', kind: 'increments', explicitNull: false },
      { name: 'note_id', kind: 'integer', unsigned: true, explicitNull: true },
      { name: 'price', kind: 'decimal', explicitNull: true },
    ],
    indexes: [
      { name: 'notes_tags_links_fk', columns: ['note_id'], unique: false },
      { name: 'notes_tags_links_unique', columns: ['note_id', 'price'], unique: true },
    ],
    foreignKeys: [{ name: 'notes_tags_links_fk', column: 'note_id', referencedTable: 'notes' }],
  };

  it('puts indexes and keys inside the column list, before the table options', () => {
    expect(mysqlCreateTable(knex, table, true)).to.equal(
      'create table `notes_tags_links` (`id` int unsigned not null auto_increment primary key, `note_id` int unsigned null, `price` decimal(10, 2) null, ' +
        'index `notes_tags_links_fk` (`note_id`), unique `notes_tags_links_unique` (`note_id`, `price`), ' +
        'constraint `notes_tags_links_fk` foreign key (`note_id`) references `notes` (`id`) on delete cascade) default character set utf8mb4',
    );
  });

  it('leaves the keys out when asked', () => {
    expect(mysqlCreateTable(knex, table, false)).to.not.include('foreign key');
  });
});
