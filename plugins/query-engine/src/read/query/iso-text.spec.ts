import { expect } from 'chai';
import { isoText } from './iso-text';

const viaDate = (millis: number) => {
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

describe('isoText', () => {
  it("gives Date#toISOString()'s text at the edges of days, years and its range", () => {
    const edges = [
      0,
      1,
      999,
      1000,
      59_999,
      3_599_999,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999), // a leap day's last millisecond
      Date.UTC(2024, 2, 1),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1), // +010000-…
      -1, // 1969-12-31T23:59:59.999Z
      -86_400_001,
      Date.UTC(-1, 0, 1), // -000001-…
      8.64e15, // the last time a Date has
      1.5, // a fraction: Date keeps the whole milliseconds
      -0.5,
    ];
    for (const millis of edges) expect(isoText(millis), String(millis)).to.equal(viaDate(millis));
  });

  it('gives null where no Date has that time', () => {
    for (const millis of [Number.NaN, Number.POSITIVE_INFINITY, 8.64e15 + 1, -8.64e15 - 1]) expect(isoText(millis)).to.equal(null);
  });

  it('matches toISOString over random instants of 1970-9999, and after its day cache was cleared', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // more days than the cache keeps, so it is cleared on the way
    for (let i = 0; i < 5000; i++) {
      const millis = Math.floor(random() * Date.UTC(10000, 0, 1));
      expect(isoText(millis)).to.equal(viaDate(millis));
    }
    // a few days over and over, as a page's rows are
    const base = Date.UTC(2026, 10, 27);
    for (let i = 0; i < 2000; i++) {
      const millis = base + Math.floor(random() * 3 * 86_400_000);
      expect(isoText(millis)).to.equal(viaDate(millis));
    }
  });
});
