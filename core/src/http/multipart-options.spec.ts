import { expect } from 'chai';
import { BadRequestError, PayloadTooLargeError } from '../errors';
import { MultipartError } from './multipart';
import { formidableOptions, koaBodyShape, multipartError } from './multipart-options';
import type { UploadedFile } from './types';

describe('strapi::body multipart options', () => {
  it("takes formidable's options with formidable's defaults", () => {
    expect(formidableOptions({})).to.deep.equal({
      maxFileSize: 200 * 1024 * 1024,
      maxTotalFileSize: 200 * 1024 * 1024,
      minFileSize: 1,
      maxFiles: Number.POSITIVE_INFINITY,
      maxFields: 1000,
      maxFieldSize: 20 * 1024 * 1024,
      maxFieldsSize: 20 * 1024 * 1024,
      uploadDir: undefined,
      keepExtensions: false,
      allowEmptyFiles: false,
      configuredMinFileSize: 1,
    });
    expect(formidableOptions({ maxFileSize: 8, maxTotalFileSize: 0, maxFieldsSize: 10, uploadDir: '/up', keepExtensions: true, hashAlgorithm: 'sha1' })).to.include({
      maxFileSize: 8,
      maxTotalFileSize: 8,
      maxFieldSize: 10,
      uploadDir: '/up',
      keepExtensions: true,
    });
    // an empty file is refused unless allowed, and then only if minFileSize lets it through too
    expect(formidableOptions({ minFileSize: 0 }).minFileSize).to.equal(1);
    expect(formidableOptions({ allowEmptyFiles: true }).minFileSize).to.equal(1);
    expect(formidableOptions({ allowEmptyFiles: true, minFileSize: 0 }).minFileSize).to.equal(0);
  });

  it("words refusals as Strapi v4 answers them: a bound passed is 'Entity too large', an empty file formidable's 400", () => {
    const options = formidableOptions({});
    expect(multipartError(new MultipartError('files', 'More than 2 files were sent', 413, 2), options)).to.be.instanceOf(PayloadTooLargeError);
    const empty = multipartError(new MultipartError('minFileSize', 'A file is smaller than 1 bytes', 400, 1, 'files', 0), options);
    expect(empty).to.be.instanceOf(BadRequestError).and.include({ message: 'options.allowEmptyFiles is false, file size should be greater than 0' });
    const small = multipartError(new MultipartError('minFileSize', 'A file is smaller than 4 bytes', 400, 4, 'files', 2), formidableOptions({ minFileSize: 4 }));
    expect(small).to.include({ message: 'options.minFileSize (4 bytes) inferior, received 2 bytes of file data' });
    const disk = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    expect(multipartError(disk, options)).to.equal(disk);
  });

  it('shapes parts as koa-body does: one value as itself, repeated ones as a list, a part named `__proto__` as a part', () => {
    const file = (fieldName: string, n: number): UploadedFile => ({ fieldName, filepath: `/tmp/${n}`, originalFilename: `${n}.txt`, newFilename: `${n}`, mimetype: 'text/plain', size: n });
    const shaped = koaBodyShape({ fields: { tags: ['a', 'b'], one: ['x'], ['__proto__']: ['p'] }, files: [file('files', 1), file('cover', 2), file('files', 3)] });
    expect(shaped.body).to.deep.equal(
      Object.fromEntries([
        ['tags', ['a', 'b']],
        ['one', 'x'],
        ['__proto__', 'p'],
      ]),
    );
    expect(Object.getPrototypeOf(shaped.body)).to.equal(Object.prototype);
    expect(shaped.files).to.deep.equal({ files: [file('files', 1), file('files', 3)], cover: file('cover', 2) });
  });
});
