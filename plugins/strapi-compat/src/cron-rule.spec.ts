import { expect } from 'chai';
import { recurrenceToCron } from './cron-rule';

const fail = (message: string): never => {
  throw new Error(message);
};

describe('node-schedule rule objects as cron patterns', () => {
  it('keeps node-schedule meanings: second 0 when unset, any value for the others', () => {
    expect(recurrenceToCron({ hour: 8, minute: 30 }, fail)).to.deep.equal({ pattern: '0 30 8 * * *', domAndDow: false });
    expect(recurrenceToCron({ second: 15 }, fail)).to.deep.equal({ pattern: '15 * * * * *', domAndDow: false });
    expect(recurrenceToCron({ minute: null, hour: 3 }, fail)).to.deep.equal({ pattern: '0 * 3 * * *', domAndDow: false });
  });

  it('counts months from January = 0 and writes lists and ranges', () => {
    expect(recurrenceToCron({ month: [0, 11], date: 1, hour: 0, minute: 0 }, fail).pattern).to.equal('0 0 0 1 1,12 *');
    expect(recurrenceToCron({ dayOfWeek: [{ start: 1, end: 5 }], hour: 17, minute: 0 }, fail).pattern).to.equal('0 0 17 * * 1-5');
    expect(recurrenceToCron({ minute: { start: 0, end: 59, step: 15 } }, fail).pattern).to.equal('0 0-59/15 * * * *');
  });

  it('asks for both the day of the month and the weekday when both are given, and keeps tz', () => {
    expect(recurrenceToCron({ date: 13, dayOfWeek: 5, hour: 0, minute: 0, tz: 'Europe/Paris' }, fail)).to.deep.equal({ pattern: '0 0 0 13 * 5', domAndDow: true, tz: 'Europe/Paris' });
  });

  it('refuses what a cron pattern cannot say, naming it', () => {
    expect(() => recurrenceToCron({ year: 2030, hour: 1 }, fail)).to.throw('"year" cannot be written as a cron pattern');
    expect(() => recurrenceToCron({ hour: 24 }, fail)).to.throw('"hour" must be a whole number from 0 to 23');
    expect(() => recurrenceToCron({ month: 12 }, fail)).to.throw('"month" must be a whole number from 0 to 11');
    expect(() => recurrenceToCron({ minute: 1.5 }, fail)).to.throw('"minute" must be a whole number');
    expect(() => recurrenceToCron({ hours: 1 }, fail)).to.throw('"hours" is not a field of a rule');
    expect(() => recurrenceToCron({ minute: [] }, fail)).to.throw('"minute" is an empty list');
    expect(() => recurrenceToCron({ minute: { start: 30, end: 10 } }, fail)).to.throw('ends before it starts');
    expect(() => recurrenceToCron({ minute: { start: 0, end: 10, step: 0 } }, fail)).to.throw('step of the range');
    expect(() => recurrenceToCron({ tz: 5 }, fail)).to.throw('"tz" must be a time zone name');
  });
});
