import { expect } from 'chai';
import { formatRow, formatValue } from './format';
import { article } from './spec-fixtures';

describe('formatRow / formatValue', () => {
  it('formats datetimes from Date, epoch ms, numeric text, SQL text and ISO text', () => {
    const iso = '2024-01-02T03:04:05.678Z';
    expect(formatValue('datetime', new Date(iso))).to.equal(iso);
    expect(formatValue('datetime', Date.parse(iso))).to.equal(iso);
    expect(formatValue('timestamp', String(Date.parse(iso)))).to.equal(iso);
    expect(formatValue('datetime', '2024-01-02 03:04:05.678')).to.equal(iso);
    expect(formatValue('datetime', '2024-01-02 03:04:05')).to.equal('2024-01-02T03:04:05.000Z');
    expect(formatValue('datetime', '2024-01-02T03:04:05.678+00:00')).to.equal(iso);
    // Dates in a row, the same instant twice (the memo), then another
    const other = '2025-06-07T08:09:10.111Z';
    expect([new Date(iso), new Date(iso), new Date(other), new Date(iso)].map((date) => formatValue('datetime', date))).to.deep.equal([iso, iso, other, iso]);
    // an invalid Date (MariaDB's zero date) is passed through as before
    const invalid = new Date(Number.NaN);
    expect(formatValue('datetime', invalid)).to.equal(invalid);
  });
  it('formats dates, times, booleans, json and numbers', () => {
    expect(formatValue('date', '2024-01-02')).to.equal('2024-01-02');
    expect(formatValue('date', new Date('2024-01-02T00:00:00Z'))).to.equal('2024-01-02');
    expect(formatValue('time', '10:20:30')).to.equal('10:20:30.000');
    expect(formatValue('time', '10:20:30.123456')).to.equal('10:20:30.123');
    expect(formatValue('time', '10:20')).to.equal('10:20:00.000');
    expect(formatValue('boolean', 1)).to.equal(true);
    expect(formatValue('boolean', 0)).to.equal(false);
    expect(formatValue('boolean', true)).to.equal(true);
    expect(formatValue('json', '{"a":[1,2]}')).to.deep.equal({ a: [1, 2] });
    expect(formatValue('json', { a: 1 })).to.deep.equal({ a: 1 });
    expect(formatValue('json', '"text"')).to.equal('text');
    expect(formatValue('biginteger', 9007199254740993n)).to.equal('9007199254740993');
    expect(formatValue('biginteger', 12)).to.equal('12');
    expect(formatValue('decimal', '9.99')).to.equal(9.99);
    expect(formatValue('float', 4.5)).to.equal(4.5);
    expect(formatValue('integer', '42')).to.equal(42);
    expect(formatValue('string', null)).to.equal(null);
    expect(formatValue('datetime', undefined)).to.equal(null);
  });
  it('puts id first, then the selected fields in schema order', () => {
    // a missing field would be missing from the keys below too
    const fields = [0, 2, 1].flatMap((index) => article.scalarFields[index] ?? []);
    const entity = formatRow(article, { featured: 0, views: '3', title: 'T', id: '7' }, fields);
    expect(Object.keys(entity)).to.deep.equal(['id', 'title', 'featured', 'views']);
    expect(entity).to.deep.equal({ id: 7, title: 'T', featured: false, views: 3 });
  });
});
