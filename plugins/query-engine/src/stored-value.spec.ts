import { expect } from 'chai';
import type { DatabaseClient, ScalarField, ScalarType } from '@platform/core';
import { formatValue } from './read/query/format';
import { fromDatabaseValue, readCast, storedDateTime } from './stored-value';

const field = (type: ScalarType): ScalarField => ({ kind: 'scalar', name: 'x', column: 'x', type, attribute: { type } });

describe('stored-value: one reading of stored values', () => {
  it('reads a SQLite text datetime as UTC, as the API shows it', () => {
    const value = fromDatabaseValue(field('datetime'), '2024-01-01 10:00:00');
    expect(value).to.deep.equal(new Date('2024-01-01T10:00:00.000Z'));
    expect(formatValue('datetime', '2024-01-01 10:00:00')).to.equal('2024-01-01T10:00:00.000Z');
    expect(storedDateTime('2024-01-01T10:00:00+02:00')).to.deep.equal(new Date('2024-01-01T08:00:00.000Z'));
  });

  it('reads booleans the same for hooks and for the API, whatever the driver spelled', () => {
    for (const [raw, expected] of [
      [1, true],
      [0, false],
      [2, true],
      ['TRUE', true],
      ['t', true],
      ['1', true],
      ['false', false],
      ['0', false],
      ['no', false],
      [true, true],
    ] as const) {
      expect(fromDatabaseValue(field('boolean'), raw), String(raw)).to.equal(expected);
      expect(formatValue('boolean', raw), String(raw)).to.equal(expected);
    }
  });

  it('gives hooks what the API shows for the other types', () => {
    const cases: Array<[ScalarType, unknown, unknown]> = [
      ['time', '10:20', '10:20:00.000'],
      ['date', new Date('2024-01-02T00:00:00Z'), '2024-01-02'],
      ['decimal', '9.99', 9.99],
      ['biginteger', 12, '12'],
      ['json', '{"a":1}', { a: 1 }],
      ['integer', '42', 42],
    ];
    for (const [type, raw, expected] of cases) {
      expect(fromDatabaseValue(field(type), raw), type).to.deep.equal(expected);
      expect(formatValue(type, raw), type).to.deep.equal(expected);
    }
  });

  it('an unreadable datetime is null for hooks and shown as stored by the API', () => {
    expect(fromDatabaseValue(field('datetime'), 'not a date')).to.equal(null);
    expect(formatValue('datetime', 'not a date')).to.equal('not a date');
  });

  it('reads bigintegers as text on SQLite only', () => {
    const casts = (['sqlite', 'mysql', 'postgres'] as DatabaseClient[]).map((client) => readCast(client, 'biginteger'));
    expect(casts).to.deep.equal(['TEXT', null, null]);
    expect(readCast('sqlite', 'integer')).to.equal(null);
  });
});
