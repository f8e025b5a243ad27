import { expect } from 'chai';
import { Cron } from 'croner';
import { scheduledOccurrence } from './cron';

describe('cron: the occurrence a run is for', () => {
  const at = (iso: string) => new Date(iso);
  const paused = (pattern: string, timezone = 'UTC') => new Cron(pattern, { paused: true, timezone });

  it('is the scheduled second, not the moment a late timer fired', () => {
    const everyThird = paused('*/3 * * * * *');
    expect(scheduledOccurrence(everyThird, at('2026-12-07T10:00:03.020Z'))).to.equal(at('2026-12-07T10:00:03.000Z').getTime());
    // 1.7 s late: rounding would name second 5, which the rule never has
    expect(scheduledOccurrence(everyThird, at('2026-12-07T10:00:04.700Z'))).to.equal(at('2026-12-07T10:00:03.000Z').getTime());
    expect(scheduledOccurrence(paused('*/2 * * * * *', 'Europe/Paris'), at('2026-12-07T10:00:02.600Z'))).to.equal(at('2026-12-07T10:00:02.000Z').getTime());
    expect(scheduledOccurrence(paused('0 30 8 * * *'), at('2026-12-07T08:30:01.900Z'))).to.equal(at('2026-12-07T08:30:00.000Z').getTime());
  });

  it('falls back to the second it started in when the rule has no time that recent', () => {
    expect(scheduledOccurrence(paused('0 0 1 1 *'), at('2026-12-07T10:00:04.400Z'))).to.equal(at('2026-12-07T10:00:04.000Z').getTime());
  });
});
