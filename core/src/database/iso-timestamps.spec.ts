import { expect } from 'chai';
import pg from 'pg';
import { isoOfTimestamptz, TIMESTAMPTZ_OID } from './iso-timestamps';

const asDate = (text: string) => ({ fallback: text });

describe('isoOfTimestamptz', () => {
  it('rewrites UTC text to ISO text with milliseconds, truncated as a Date would be', () => {
    expect(isoOfTimestamptz('2026-11-27 13:06:31.945123+00', asDate)).to.equal('2026-11-27T13:06:31.945Z');
    expect(isoOfTimestamptz('2026-11-27 13:06:31.9999+00', asDate)).to.equal('2026-11-27T13:06:31.999Z');
    expect(isoOfTimestamptz('2026-11-27 13:06:31.5+00', asDate)).to.equal('2026-11-27T13:06:31.500Z');
    expect(isoOfTimestamptz('2026-11-27 13:06:31+00', asDate)).to.equal('2026-11-27T13:06:31.000Z');
  });

  it('leaves any other text to the fallback', () => {
    for (const text of ['2026-11-27 14:06:31.945+01', '2026-11-27 08:36:31-04:30', 'infinity', '-infinity', '0050-01-01 00:00:00+00', '2020-01-01 00:00:00+00 BC']) {
      expect(isoOfTimestamptz(text, asDate)).to.deep.equal({ fallback: text });
    }
  });

  it('gives the text a Date made by pg would give with toISOString', () => {
    const parseDate = pg.types.getTypeParser(TIMESTAMPTZ_OID) as (text: string) => Date;
    for (const text of ['2026-01-02 03:04:05.006789+00', '1999-12-31 23:59:59.999999+00', '2024-02-29 00:00:00.1+00', '2038-01-19 03:14:07.07+00']) {
      expect(isoOfTimestamptz(text, asDate)).to.equal(parseDate(text).toISOString());
    }
  });
});
