import { expect } from 'chai';
import { identifierName, isEmptyPlan, planSync } from './plan';
import type { DesiredTable, ExistingSchema, ExistingTable } from './types';

const notes: DesiredTable = {
  name: 'notes',
  role: 'entity',
  source: 'note.json',
  columns: [
    { name: 'id', kind: 'increments', explicitNull: false },
    { name: 'title', kind: 'string', explicitNull: true },
    { name: 'rank', kind: 'integer', explicitNull: true },
  ],
  indexes: [{ name: 'notes_title_unique', columns: ['title'], unique: true }],
  foreignKeys: [],
};

function existing(...tables: Array<{ name: string; columns: Array<[string, string]>; indexes?: string[] }>): ExistingSchema {
  const schema: ExistingSchema = new Map();
  for (const t of tables) {
    const table: ExistingTable = {
      name: t.name,
      columns: new Map(t.columns.map(([name, type]) => [name, { name, type, nullable: true }])),
      indexes: new Map((t.indexes ?? []).map((name) => [name, { name, columns: [], unique: false }])),
    };
    schema.set(t.name, table);
  }
  return schema;
}

describe('planSync', () => {
  it('creates a missing table whole', () => {
    const plan = planSync([notes], existing(), 'sqlite');
    expect(plan.createTables).to.deep.equal([notes]);
    expect(isEmptyPlan(plan)).to.equal(false);
  });

  it('adds missing columns and indexes to an existing table', () => {
    const plan = planSync([notes], existing({ name: 'notes', columns: [['id', 'integer']] }), 'mysql');
    expect(plan.createTables).to.deep.equal([]);
    expect(plan.addColumns).to.deep.equal([{ table: 'notes', columns: notes.columns.slice(1) }]);
    expect(plan.addIndexes).to.deep.equal([{ table: 'notes', index: notes.indexes[0] }]);
    expect(plan.warnings).to.deep.equal([]);
  });

  it('reports a column the schema lost and a changed type, and plans nothing for them', () => {
    const plan = planSync(
      [notes],
      existing({
        name: 'notes',
        columns: [
          ['id', 'integer'],
          ['title', 'varchar'],
          ['rank', 'text'],
          ['old', 'varchar'],
        ],
        indexes: ['notes_title_unique'],
      }),
      'sqlite',
    );
    expect(isEmptyPlan(plan)).to.equal(true);
    expect(plan.warnings).to.deep.equal([
      'Table "notes": column "rank" is text in the database but the schema (note.json) wants integer; the column is kept as it is (change it by hand if the data allows)',
      'Table "notes": column "old" is not in the schema (note.json); it is kept with its data (drop it by hand if it is no longer needed)',
    ]);
  });

  it('does not report extra columns of link, join or bookkeeping tables, nor look at unknown tables', () => {
    const link: DesiredTable = { ...notes, name: 'notes_tags_links', role: 'link', indexes: [] };
    const store: DesiredTable = { ...notes, name: 'strapi_core_store_settings', role: 'bookkeeping', indexes: [] };
    const plan = planSync(
      [link, store],
      existing(
        {
          name: 'notes_tags_links',
          columns: [
            ['id', 'integer'],
            ['title', 'varchar'],
            ['rank', 'integer'],
            ['extra', 'float'],
          ],
        },
        {
          name: 'strapi_core_store_settings',
          columns: [
            ['id', 'integer'],
            ['title', 'text'],
            ['rank', 'integer'],
            ['more', 'text'],
          ],
        },
        { name: 'admin_users', columns: [['id', 'integer']] },
      ),
      'postgres',
    );
    expect(plan).to.deep.equal({ createTables: [], addColumns: [], addIndexes: [], warnings: [] });
  });

  it('compares names as PostgreSQL stores them (cut at 63 bytes)', () => {
    const long = `${'x'.repeat(60)}_links`;
    expect(identifierName(long, 'postgres')).to.equal(long.slice(0, 63));
    expect(identifierName(long, 'sqlite')).to.equal(long);
    const table: DesiredTable = { ...notes, name: long, role: 'link', indexes: [{ name: `${long}_unique`, columns: ['id'], unique: true }] };
    const plan = planSync([table], existing({ name: long.slice(0, 63), columns: notes.columns.map((c) => [c.name, 'integer']), indexes: [`${long}_unique`.slice(0, 63)] }), 'postgres');
    expect(isEmptyPlan(plan)).to.equal(true);
  });
});
