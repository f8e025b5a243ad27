import { expect } from 'chai';
import { BootError } from '../errors';
import { createEnv } from './env';

describe('env helper', () => {
  const env = createEnv({
    HOST: 'example.org',
    EMPTY: '',
    PORT: '8080',
    NEGATIVE: '-3',
    PORT_TYPO: '80a',
    RATIO: '0.25',
    RATIO_BAD: 'half',
    ON: 'true',
    ON_WORD: 'yes',
    OFF: 'false',
    OFF_DIGIT: '0',
    ON_TYPO: 'ture',
    JSON_OK: '{"a":[1,2]}',
    JSON_BAD: '{a:1}',
    LIST: 'en, fr,de',
    LIST_BRACKETS: '["en","fr"]',
  });

  it('reads a string, falling back to the default when unset or empty', () => {
    expect(env('HOST')).to.equal('example.org');
    expect(env('HOST', 'x')).to.equal('example.org');
    expect(env('MISSING')).to.equal(undefined);
    expect(env('MISSING', 'fallback')).to.equal('fallback');
    expect(env('EMPTY', 'fallback')).to.equal('fallback');
  });

  it('reads integers', () => {
    expect(env.int('PORT')).to.equal(8080);
    expect(env.int('NEGATIVE')).to.equal(-3);
    expect(env.int('MISSING', 1337)).to.equal(1337);
    expect(env.int('MISSING')).to.equal(undefined);
  });

  it('reads floats', () => {
    expect(env.float('RATIO')).to.equal(0.25);
    expect(env.float('PORT')).to.equal(8080);
    expect(env.float('MISSING', 1.5)).to.equal(1.5);
  });

  it('reads booleans from true/false, 1/0, yes/no, on/off', () => {
    expect(env.bool('ON')).to.equal(true);
    expect(env.bool('ON_WORD')).to.equal(true);
    expect(env.bool('OFF')).to.equal(false);
    expect(env.bool('OFF_DIGIT')).to.equal(false);
    expect(env.bool('MISSING', true)).to.equal(true);
    expect(env.bool('MISSING')).to.equal(undefined);
  });

  it('reads JSON', () => {
    expect(env.json('JSON_OK')).to.deep.equal({ a: [1, 2] });
    expect(env.json('MISSING', { d: 1 })).to.deep.equal({ d: 1 });
  });

  it('reads comma-separated and bracketed arrays', () => {
    expect(env.array('LIST')).to.deep.equal(['en', 'fr', 'de']);
    expect(env.array('LIST_BRACKETS')).to.deep.equal(['en', 'fr']);
    expect(env.array('MISSING', ['en'])).to.deep.equal(['en']);
  });

  const cases: Array<[string, () => unknown, string]> = [
    ['int', () => env.int('PORT_TYPO'), 'Environment variable PORT_TYPO must be an integer, got "80a"'],
    ['int from a float', () => env.int('RATIO'), 'Environment variable RATIO must be an integer, got "0.25"'],
    ['float', () => env.float('RATIO_BAD'), 'Environment variable RATIO_BAD must be a number, got "half"'],
    ['bool', () => env.bool('ON_TYPO'), 'Environment variable ON_TYPO must be a boolean (true/false), got "ture"'],
    ['json', () => env.json('JSON_BAD'), 'Environment variable JSON_BAD must be JSON: '],
  ];
  for (const [kind, read, message] of cases) {
    it(`names the variable when a value is not a valid ${kind}`, () => {
      try {
        read();
      } catch (error) {
        expect(error).to.be.instanceOf(BootError);
        expect((error as BootError).code).to.equal('CONFIG_ENV');
        expect((error as BootError).message.startsWith(message)).to.equal(true, (error as BootError).message);
        return;
      }
      expect.fail('expected a BootError');
    });
  }
});
