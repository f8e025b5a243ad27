import { expect } from 'chai';
import { columnKind, isSameKind, normalizeType } from './column-types';

describe('schema sync column types', () => {
  it('maps every attribute type to the column kind Strapi v4 uses', () => {
    expect(['string', 'enumeration', 'email', 'password', 'uid'].map((t) => columnKind(t as 'string'))).to.deep.equal(['string', 'string', 'string', 'string', 'string']);
    expect(columnKind('richtext')).to.equal('text');
    expect(columnKind('float')).to.equal('double');
    expect(columnKind('decimal')).to.equal('decimal');
    expect(columnKind('biginteger')).to.equal('bigInteger');
    expect(columnKind('timestamp')).to.equal('datetime');
  });

  it('normalizes what the databases report', () => {
    expect(normalizeType('character varying(255)')).to.equal('character varying');
    expect(normalizeType('timestamp(6) with time zone')).to.equal('timestamp with time zone');
    expect(normalizeType('INT(10) UNSIGNED')).to.equal('int');
    expect(normalizeType('numeric(10,2)')).to.equal('numeric');
  });

  it('accepts the native names of a kind and the known client quirks, and nothing else', () => {
    expect(isSameKind('string', 'varchar', 'sqlite')).to.equal(true);
    expect(isSameKind('string', 'character varying', 'postgres')).to.equal(true);
    expect(isSameKind('decimal', 'float', 'sqlite')).to.equal(true);
    expect(isSameKind('decimal', 'double', 'mysql')).to.equal(false);
    expect(isSameKind('json', 'longtext', 'mysql')).to.equal(true);
    expect(isSameKind('json', 'text', 'postgres')).to.equal(false);
    expect(isSameKind('datetime', 'timestamp without time zone', 'postgres')).to.equal(true);
    expect(isSameKind('integer', 'varchar', 'sqlite')).to.equal(false);
    expect(isSameKind('integer', '', 'sqlite')).to.equal(true);
  });
});
