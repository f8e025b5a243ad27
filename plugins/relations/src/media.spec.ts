import { expect } from 'chai';
import { ValidationError, type MediaField } from '@platform/core';
import { mediaCategory, parseMediaValue } from './media';

const field = (multiple: boolean): MediaField => ({ kind: 'media', name: 'cover', multiple, allowedTypes: ['images'], attribute: { type: 'media', multiple } });

describe('relations: media values', () => {
  it('maps mime types to the allowedTypes categories', () => {
    expect(['image/png', 'video/mp4', 'audio/ogg', 'application/pdf', 'text/csv'].map(mediaCategory)).to.deep.equal(['images', 'videos', 'audios', 'files', 'files']);
  });

  it('keeps every id for a multiple attribute and the last one for a single one', () => {
    expect(parseMediaValue(field(true), [3, '4'])).to.deep.equal({ mode: 'set', ids: [3, 4] });
    expect(parseMediaValue(field(false), [3, '4'])).to.deep.equal({ mode: 'set', ids: [4] });
    expect(parseMediaValue(field(false), null)).to.deep.equal({ mode: 'set', ids: [] });
    expect(parseMediaValue(field(true), { disconnect: [3] })).to.deep.equal({ mode: 'partial', connect: [], disconnect: [3] });
  });

  it('refuses connect', () => {
    expect(() => parseMediaValue(field(true), { connect: [1] })).to.throw(ValidationError, '"connect" cannot be used for the media attribute "cover"');
  });
});
