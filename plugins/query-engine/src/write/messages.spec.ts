import { expect } from 'chai';
import { messages, pathString, printValue } from './messages';

describe('write/messages', () => {
  it('prints paths the way yup does', () => {
    expect(pathString(['title'])).to.equal('title');
    expect(pathString(['seo', 'metaTitle'])).to.equal('seo.metaTitle');
    expect(pathString(['blocks', '1', 'title'])).to.equal('blocks[1].title');
    expect(pathString(['seo', 'tags', '0'])).to.equal('seo.tags[0]');
  });

  it('prints values the way yup does', () => {
    expect([printValue('a'), printValue(1), printValue(-0), printValue(NaN), printValue(null), printValue([1]), printValue({ a: 'b' })]).to.deep.equal([
      '"a"',
      '1',
      '-0',
      'NaN',
      'null',
      '[1]',
      '{"a":"b"}',
    ]);
  });

  it('adds the cast note only when the value changed', () => {
    expect(messages.notType(['n'], 'number', NaN, 'x')).to.equal('n must be a `number` type, but the final value was: `NaN` (cast from the value `"x"`).');
    expect(messages.notType(['n'], 'string', null)).to.equal('n must be a `string` type, but the final value was: `null`.');
  });
});
