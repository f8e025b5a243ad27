import { expect } from 'chai';
import { ApplicationError } from '@platform/core';
import { parseFileId, parseFileInfos, parseLinkTarget } from './upload-body';

function failure(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(ApplicationError);
    return { status: (error as ApplicationError).status, message: (error as Error).message };
  }
  throw new Error('expected an error');
}

describe('upload: the fields of an upload', () => {
  it('reads fileInfo as one JSON object, a JSON array, or a repeated field', () => {
    expect(parseFileInfos(undefined)).to.deep.equal([]);
    expect(parseFileInfos('{"name":"a","caption":null}')).to.deep.equal([{ name: 'a', caption: null }]);
    expect(parseFileInfos(['{"name":"a"}', '{"alternativeText":"b"}'])).to.deep.equal([{ name: 'a' }, { alternativeText: 'b' }]);
    expect(parseFileInfos('[{"name":"a"},{}]')).to.deep.equal([{ name: 'a' }, {}]);
    expect(parseFileInfos({ caption: 'json body' })).to.deep.equal([{ caption: 'json body' }]);
  });

  it("refuses what Strapi's content API refuses", () => {
    expect(failure(() => parseFileInfos('{"folder":1}'))).to.deep.equal({ status: 400, message: 'fileInfo field has unspecified keys: folder' });
    expect(failure(() => parseFileInfos('{"name":1}'))).to.deep.equal({ status: 400, message: 'fileInfo.name must be a `string` type' });
    expect(failure(() => parseFileInfos('nope'))).to.deep.equal({ status: 400, message: 'fileInfo must be a JSON object' });
  });

  it('takes ref, refId and field together', () => {
    expect(parseLinkTarget({})).to.equal(null);
    expect(parseLinkTarget({ ref: ['api::a.a'], refId: ['3'], field: ['cover'] })).to.deep.equal({ ref: 'api::a.a', refId: 3, field: 'cover' });
    expect(failure(() => parseLinkTarget({ ref: 'api::a.a' })).status).to.equal(400);
    expect(failure(() => parseLinkTarget({ ref: 'api::a.a', refId: '1e3', field: 'cover' })).message).to.equal('refId must be a positive integer');
  });

  it('?id is a positive integer or a 400: no operator object, no list', () => {
    expect(parseFileId(undefined)).to.equal(undefined);
    expect(parseFileId('12')).to.equal(12);
    for (const raw of [{ $ne: '0' }, ['1', '2'], '0', '-1', '1.5', '']) {
      expect(
        failure(() => parseFileId(raw)),
        JSON.stringify(raw),
      ).to.deep.equal({ status: 400, message: 'id must be a positive integer' });
    }
  });
});
