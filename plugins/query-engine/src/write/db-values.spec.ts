import { expect } from 'chai';
import type { ScalarField, ScalarType } from '@platform/core';
import { toDatabaseValue } from './db-values';
import { fromDatabaseValue } from '../stored-value';

const field = (type: ScalarType): ScalarField => ({ kind: 'scalar', name: 'x', column: 'x', type, attribute: { type } });

describe('write/db-values', () => {
  it('stores every json value as its JSON text, strings with their quotes', () => {
    for (const value of ['false', '42', '[1,2]', '', { meta: 'false' }, [true, null], 0, false]) {
      expect(toDatabaseValue(field('json'), value, 'postgres'), JSON.stringify(value)).to.equal(JSON.stringify(value));
    }
  });

  it("a copied value is stored as the write path stores it, from any driver's form", () => {
    const copy = (type: ScalarType, raw: unknown, client: 'sqlite' | 'mysql' | 'postgres') => toDatabaseValue(field(type), fromDatabaseValue(field(type), raw), client);
    expect(copy('json', '"false"', 'mysql')).to.equal('"false"');
    expect(copy('json', '{"a":"1"}', 'postgres')).to.equal('{"a":"1"}');
    expect(copy('json', 0, 'sqlite')).to.equal('0'); // SQLite's json column has numeric affinity
    expect([copy('boolean', 1, 'sqlite'), copy('boolean', 0, 'mysql'), copy('boolean', true, 'postgres')]).to.deep.equal([1, false, true]);
    expect(copy('datetime', 1704164645678, 'sqlite')).to.deep.equal(new Date('2024-01-02T03:04:05.678Z'));
    expect(copy('datetime', '1704164645678', 'sqlite')).to.deep.equal(new Date('2024-01-02T03:04:05.678Z'));
    expect(copy('timestamp', new Date('2024-01-02T03:04:05.678Z'), 'postgres')).to.deep.equal(new Date('2024-01-02T03:04:05.678Z'));
    expect(copy('decimal', '9.99', 'postgres')).to.equal(9.99);
    expect(copy('biginteger', '9223372036854775807', 'mysql')).to.equal('9223372036854775807');
    expect(copy('date', '2024-02-29', 'mysql')).to.equal('2024-02-29');
    expect(copy('string', 'text', 'postgres')).to.equal('text');
  });

  it('an ISO datetime string is stored as the Date it names', () => {
    expect(toDatabaseValue(field('datetime'), '2024-01-02T03:04:05.678Z', 'sqlite')).to.deep.equal(new Date('2024-01-02T03:04:05.678Z'));
  });
});
