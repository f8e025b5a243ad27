import { expect } from 'chai';
import fc from 'fast-check';
import { codePointLength, dateTimeRangeIssue, decimalRangeIssue, jsonColumnIssue, jsonDepth, roundDecimal, stringColumnIssue } from './column-limits';

describe('write/column-limits', () => {
  it('rounds decimals to two places, half away from zero, on their decimal text', () => {
    const cases: Array<[number, number]> = [
      [9.989, 9.99],
      [0.001, 0],
      [-1.005, -1.01],
      [1.005, 1.01],
      [2.675, 2.68],
      [1.115, 1.12],
      [0.125, 0.13],
      [-0.125, -0.13],
      [0.005, 0.01],
      [0.0049, 0],
      [1e-7, 0],
      [-1e-7, 0],
      [12.3, 12.3],
      [-7, -7],
      [99999999.994, 99999999.99],
      [99999999.995, 100000000],
    ];
    for (const [input, expected] of cases) expect(roundDecimal(input), String(input)).to.equal(expected);
    expect(Object.is(roundDecimal(-0.001), 0)).to.equal(true);
  });

  it('a three-place decimal rounds by its third digit, away from zero', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 9999999999 }), fc.integer({ min: 0, max: 9 }), (negative, cents, digit) => {
        const text = `${negative ? '-' : ''}${(cents / 100).toFixed(2)}${digit}`;
        const magnitude = (cents + (digit >= 5 ? 1 : 0)) / 100;
        expect(roundDecimal(Number(text)), text).to.equal(negative && magnitude !== 0 ? -magnitude : 0 + magnitude);
      }),
    );
  });

  it('checks the decimal(10,2) range on the rounded value', () => {
    expect(decimalRangeIssue(99999999.99, ['p'])).to.equal(null);
    expect(decimalRangeIssue(100000000, ['p'])?.message).to.equal('p must be less than or equal to 99999999.99');
    expect(decimalRangeIssue(-100000000, ['p'])?.message).to.equal('p must be greater than or equal to -99999999.99');
  });

  it('counts code points as MariaDB and PostgreSQL do', () => {
    expect(codePointLength('🎉'.repeat(256))).to.equal(256);
    expect(codePointLength('a🎉b')).to.equal(3);
    expect(codePointLength('\ud800x')).to.equal(2); // a lone surrogate counts as one
    expect(stringColumnIssue('string', '🎉'.repeat(255), ['s'])).to.equal(null);
    expect(stringColumnIssue('uid', 'a'.repeat(256), ['s'])?.message).to.equal('s must be at most 255 characters');
    expect(stringColumnIssue('text', 'a'.repeat(70000), ['s'])).to.equal(null);
    expect(stringColumnIssue('richtext', 'a\u0000', ['blocks', '0', 'body'])?.message).to.equal('blocks[0].body must not contain the NUL character');
  });

  it('json values must serialize and hold no NUL character', () => {
    expect(jsonColumnIssue({ a: ['\\u0000'] }, ['j'])).to.equal(null);
    expect(jsonColumnIssue({ a: ['\u0000'] }, ['j'])?.message).to.equal('j must not contain the NUL character');
    expect(jsonColumnIssue({ '\u0000': 1 }, ['j'])?.message).to.equal('j must not contain the NUL character');
    expect(jsonColumnIssue(1n, ['j'])?.message).to.equal('j must be a valid JSON value');
    expect(jsonColumnIssue(() => 1, ['j'])?.message).to.equal('j must be a valid JSON value');
  });

  it('measures JSON nesting outside strings, and refuses unpaired surrogates', () => {
    expect(jsonDepth('1')).to.equal(0);
    expect(jsonDepth('[[],{"a":[1]}]')).to.equal(3);
    expect(jsonDepth(JSON.stringify({ s: '[[[{"\\"[' }))).to.equal(1);
    expect(jsonColumnIssue({ ok: '🎉' }, ['j'])).to.equal(null);
    for (const bad of ['\ud800', 'x\udfff', { '\ud83d': 1 }, ['a', '\udc00\ud800']]) {
      expect(jsonColumnIssue(bad, ['j'])?.message, JSON.stringify(bad)).to.equal('j must not contain an unpaired surrogate (invalid Unicode)');
    }
    expect(stringColumnIssue('text', '\ud800', ['t'])?.message).to.equal('t must not contain an unpaired surrogate (invalid Unicode)');
  });

  it("datetimes must be within MariaDB's DATETIME range", () => {
    expect(dateTimeRangeIssue(new Date('1000-01-01T00:00:00.000Z'), ['d'])).to.equal(null);
    expect(dateTimeRangeIssue(new Date('9999-12-31T23:59:59.999Z'), ['d'])).to.equal(null);
    expect(dateTimeRangeIssue(new Date('0999-12-31T23:59:59.999Z'), ['d'])?.message).to.equal('d must be between 1000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z');
  });
});
