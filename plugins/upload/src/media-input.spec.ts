import { expect } from 'chai';
import { ValidationError, type ExtensionField } from '@platform/core';
import { mediaCategory, parseMediaValue } from './media-input';
import { mediaAttributeType } from './media-attribute';

const field = (multiple: boolean): ExtensionField => ({
  kind: 'extension',
  type: 'media',
  name: 'cover',
  target: 'plugin::upload.file',
  multiple,
  options: { allowedTypes: ['images'] },
  attribute: { type: 'media', multiple },
});

describe('upload: media values', () => {
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

describe('upload: the media attribute type', () => {
  const context = { schemas: { contentTypes: new Map(), components: new Map() }, inComponent: false };

  it("accepts Strapi's keys and refuses malformed ones", () => {
    expect(mediaAttributeType.validate?.({ type: 'media', multiple: true, allowedTypes: ['images', 'videos'] }, context)).to.equal(null);
    expect(mediaAttributeType.validate?.({ type: 'media', multiple: 'yes' } as never, context)).to.equal('has "multiple" that is not a boolean');
    expect(mediaAttributeType.validate?.({ type: 'media', allowedTypes: ['pictures'] } as never, context)).to.equal('has "allowedTypes" that is not a list of images, videos, files, audios');
  });

  it('becomes a field whose values are upload files', () => {
    expect(mediaAttributeType.toField('cover', { type: 'media', allowedTypes: ['images'] })).to.deep.equal({ target: 'plugin::upload.file', multiple: false, options: { allowedTypes: ['images'] } });
  });
});
