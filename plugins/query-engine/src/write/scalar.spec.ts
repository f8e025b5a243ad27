import { expect } from 'chai';
import type { ScalarField, ScalarAttribute, ScalarType } from '@platform/core';
import { checkScalar, parseIsoDateTime, type ScalarOptions, type ScalarResult } from './scalar';

function field(type: ScalarType, attribute: Partial<ScalarAttribute> = {}): ScalarField {
  return { kind: 'scalar', name: 'x', column: 'x', type, attribute: { type, ...attribute } };
}
const create: ScalarOptions = { mode: 'create', relaxRequired: false };
const check = (type: ScalarType, value: unknown, attribute: Partial<ScalarAttribute> = {}, options: ScalarOptions = create): ScalarResult => checkScalar(field(type, attribute), value, ['x'], options);
const valueIn = (result: ScalarResult) => {
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.value;
};
const messageOf = (result: ScalarResult) => {
  if (result.ok) throw new Error('expected a failure');
  return 'issue' in result ? result.issue.message : result.formatError;
};

describe('write/scalar', () => {
  it('normalizes dates, cutting datetimes, and rejects impossible days', () => {
    expect(valueIn(check('date', '2024-02-29'))).to.equal('2024-02-29');
    expect(valueIn(check('date', '2024-02-29T23:59:59+05:00'))).to.equal('2024-02-29');
    expect(valueIn(check('date', new Date('2024-05-06T00:00:00Z')))).to.equal('2024-05-06');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', '20240101', '2024-01-01Tnope', 20240101]) {
      expect(messageOf(check('date', bad)), String(bad)).to.equal('Invalid format, expected yyyy-MM-dd');
    }
  });

  it('pads times to HH:mm:ss.SSS and rejects out-of-range parts', () => {
    expect(valueIn(check('time', '07:05'))).to.equal('07:05:00.000');
    expect(valueIn(check('time', '23:59:59.9'))).to.equal('23:59:59.900');
    for (const bad of ['24:00', '12:60', '12:00:60', '1:00', '12:00:00.1234', 12]) {
      expect(messageOf(check('time', bad)), String(bad)).to.equal('Invalid format, expected HH:mm:ss.SSS');
    }
  });

  it('reads datetimes as ISO strings (UTC without offset), epoch numbers or digit strings', () => {
    const iso = (v: unknown) => (valueIn(check('datetime', v)) as Date).toISOString();
    expect(iso('2024-01-02T03:04:05Z')).to.equal('2024-01-02T03:04:05.000Z');
    expect(iso('2024-01-02 03:04')).to.equal('2024-01-02T03:04:00.000Z');
    expect(iso('2024-01-02T03:04:05.123456-0130')).to.equal('2024-01-02T04:34:05.123Z');
    expect(iso('2024-01-02')).to.equal('2024-01-02T00:00:00.000Z');
    expect(iso(0)).to.equal('1970-01-01T00:00:00.000Z');
    expect(iso('1700000000000')).to.equal('2023-11-14T22:13:20.000Z');
    for (const bad of ['2024-02-30T00:00:00Z', 'now', '', true, 1.5, {}]) {
      expect(messageOf(check('timestamp', bad)), JSON.stringify(bad)).to.equal('Invalid format, expected a timestamp or an ISO date');
    }
    expect(parseIsoDateTime('2024-01-02T25:00:00Z')).to.equal(null);
  });

  it('null: allowed unless required; required types without a yup type answer defined / cannot be null', () => {
    expect(valueIn(check('integer', null))).to.equal(null);
    expect(messageOf(check('integer', null, { required: true }))).to.equal('x must be a `number` type, but the final value was: `null`.');
    expect(messageOf(check('json', null, { required: true }))).to.equal('x must be defined.');
    expect(messageOf(check('date', null, { required: true }, { mode: 'update', relaxRequired: false }))).to.equal('x cannot be null.');
    expect(valueIn(check('string', null, { required: true }, { mode: 'create', relaxRequired: true }))).to.equal(null);
  });

  it('numbers: numeric strings coerced, non-finite and non-numbers refused', () => {
    expect(valueIn(check('float', ' 1e3 '))).to.equal(1000);
    expect(valueIn(check('decimal', '-.5'))).to.equal(-0.5);
    expect(messageOf(check('float', '-Infinity'))).to.equal('x must be a `number` type, but the final value was: `-Infinity` (cast from the value `"-Infinity"`).');
    expect(messageOf(check('integer', ''))).to.equal('x must be a `number` type, but the final value was: `NaN` (cast from the value `""`).');
    expect(messageOf(check('integer', null, { required: true }))).to.contain('`null`');
    expect(messageOf(check('float', 5, { min: 6 }))).to.equal('x must be greater than or equal to 6');
  });

  it('bigintegers: digit strings and safe integers, within 64 bits and the attribute bounds', () => {
    expect(valueIn(check('biginteger', '-9223372036854775808'))).to.equal('-9223372036854775808');
    expect(valueIn(check('biginteger', 12))).to.equal('12');
    expect(messageOf(check('biginteger', '5', { max: '4' }))).to.equal('x must be less than or equal to 4');
    expect(messageOf(check('biginteger', 'abc'))).to.equal('x must be a `biginteger` type, but the final value was: `"abc"`.');
  });

  it('strings: numbers and booleans become strings, minLength is skipped for drafts, regex rules apply', () => {
    expect(valueIn(check('text', 12))).to.equal('12');
    expect(valueIn(check('string', false))).to.equal('false');
    expect(messageOf(check('string', 'a', { minLength: 2 }))).to.equal('x must be at least 2 characters');
    expect(valueIn(check('string', 'a', { minLength: 2 }, { mode: 'create', relaxRequired: true }))).to.equal('a');
    // a schema whose regex does not compile never boots (test/kernel/schema-regex.test.ts)
    expect(() => check('string', 'anything', { regex: '(' })).to.throw(SyntaxError);
    expect(messageOf(check('string', 'ab', { regex: '^a$', required: true }))).to.equal('x must match the following: "/^a$/"');
    expect(messageOf(check('string', '', { regex: '^a$', required: true }))).to.equal('x must match the following: "/^a$/"');
  });

  it('emails, enumerations, booleans and json', () => {
    expect(valueIn(check('email', 'first.last+tag@sub.example.org'))).to.equal('first.last+tag@sub.example.org');
    for (const bad of ['a@b', 'a b@c.de', '@c.de', 'a@@c.de']) expect(messageOf(check('email', bad)), bad).to.equal('x must be a valid email');
    expect(messageOf(check('enumeration', 'c', { enum: ['a', 'b'] }))).to.equal('x must be one of the following values: a, b, ');
    expect(valueIn(check('boolean', 'TRUE'))).to.equal(true);
    expect(valueIn(check('boolean', 0))).to.equal(false);
    expect(messageOf(check('boolean', 2))).to.equal('x must be a `boolean` type, but the final value was: `2`.');
    expect(valueIn(check('json', { nested: [null] }))).to.deep.equal({ nested: [null] });
  });
});
