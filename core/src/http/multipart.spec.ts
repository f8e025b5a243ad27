import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import { MultipartError, readMultipart, removeFiles, type MultipartOptions } from './multipart';

const BOUNDARY = 'spec-boundary';

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: string };

function encode(parts: Part[], end = true): Buffer {
  const chunks = parts.map((part) => {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    return `--${BOUNDARY}\r\n${head}\r\n\r\n${'filename' in part ? part.data : part.value}\r\n`;
  });
  return Buffer.from(`${chunks.join('')}${end ? `--${BOUNDARY}--\r\n` : ''}`, 'utf8');
}

/** A request whose whole body is one chunk: the parser has every part in hand when the first one fails. */
function request(body: Buffer | null, contentType = `multipart/form-data; boundary=${BOUNDARY}`): http.IncomingMessage {
  const req = Object.assign(new PassThrough(), { headers: { 'content-type': contentType } });
  if (body) req.end(body);
  return req as unknown as http.IncomingMessage;
}

async function failure(promise: Promise<unknown>): Promise<MultipartError> {
  try {
    await promise;
  } catch (error) {
    return error as MultipartError;
  }
  throw new Error('the read succeeded');
}

describe('readMultipart', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-multipart-spec-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const read = (parts: Part[], options: MultipartOptions = {}) => readMultipart(request(encode(parts)), { uploadDir: dir, ...options });

  it('reads text parts as lists of their values and files to disk, in the order they came', async () => {
    const parts = await read([
      { name: 'tags', value: 'one' },
      { name: 'files', filename: 'b.txt', type: 'text/plain', data: 'second' },
      { name: 'tags', value: 'two' },
      { name: 'cover', filename: 'dir/café.svg', type: 'image/svg+xml', data: '<svg/>' },
      { name: 'files', filename: 'a.txt', type: 'text/plain', data: 'first file' },
      { name: '__proto__', value: 'a part' },
    ]);
    expect(parts.fields).to.deep.equal(
      Object.fromEntries([
        ['tags', ['one', 'two']],
        ['__proto__', ['a part']],
      ]),
    );
    expect(Object.getPrototypeOf(parts.fields)).to.equal(Object.prototype);
    const described = parts.files.map((file) => ({
      ...file,
      content: fs.readFileSync(file.filepath, 'utf8'),
      inDir: path.dirname(file.filepath) === dir && path.basename(file.filepath) === file.newFilename,
    }));
    expect(described.map(({ filepath: _, newFilename: __, ...rest }) => rest)).to.deep.equal([
      { fieldName: 'files', originalFilename: 'b.txt', mimetype: 'text/plain', size: 6, content: 'second', inDir: true },
      // the last segment of the client's name, read as UTF-8
      { fieldName: 'cover', originalFilename: 'café.svg', mimetype: 'image/svg+xml', size: 6, content: '<svg/>', inDir: true },
      { fieldName: 'files', originalFilename: 'a.txt', mimetype: 'text/plain', size: 10, content: 'first file', inDir: true },
    ]);
    expect(new Set(parts.files.map((file) => file.newFilename)).size).to.equal(3);
    await removeFiles(parts.files);
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });

  it('writes only the file parts it accepts, and tells `watch` of each part as it arrives', async () => {
    const seen: unknown[] = [];
    const parts = await read(
      [
        { name: 'operations', value: '{}' },
        { name: 'skipped', filename: 'x.bin', data: 'xxxx' },
        { name: '0', filename: 'kept.bin', data: 'kept' },
      ],
      { acceptFile: (name) => name !== 'skipped', watch: (part) => seen.push(part) },
    );
    expect(seen).to.deep.equal([
      { name: 'operations', kind: 'field', value: '{}' },
      { name: '0', kind: 'file' },
    ]);
    expect(parts.files.map((file) => file.originalFilename)).to.deep.equal(['kept.bin']);
    expect(fs.readdirSync(dir)).to.deep.equal([parts.files[0]?.newFilename]);
  });

  it('keeps a plain extension with keepExtensions', async () => {
    const parts = await read(
      [
        { name: 'a', filename: 'photo.JPG', data: 'j' },
        { name: 'b', filename: 'odd.e$e', data: 'o' },
      ],
      { keepExtensions: true },
    );
    expect(parts.files.map((file) => path.extname(file.newFilename))).to.deep.equal(['.JPG', '']);
  });

  describe('refuses a body past a bound, with nothing left on disk', () => {
    const file = (name: string, data: string) => ({ name: 'files', filename: name, data });
    const cases: Array<[string, Part[], MultipartOptions, Partial<MultipartError>]> = [
      ['a file over maxFileSize', [file('a', '12345'), file('b', '123456')], { maxFileSize: 5 }, { reason: 'fileSize', status: 413, limit: 5 }],
      ['files over maxTotalFileSize', [file('a', '1234'), file('b', '1234')], { maxTotalFileSize: 6 }, { reason: 'totalFileSize', status: 413, limit: 6 }],
      ['a file under minFileSize', [file('a', '12'), file('b', '')], { minFileSize: 1 }, { reason: 'minFileSize', status: 400, limit: 1, field: 'files', received: 0 }],
      ['more files than maxFiles', [file('a', '1'), file('b', '2'), file('c', '3')], { maxFiles: 2 }, { reason: 'files', status: 413, limit: 2 }],
      ['more fields than maxFields', [{ name: 'x', value: '1' }, { name: 'y', value: '2' }, file('a', '1')], { maxFields: 1 }, { reason: 'fields', status: 413, limit: 1 }],
      ['a field over maxFieldSize', [file('a', '1'), { name: 'long', value: 'abcdef' }], { maxFieldSize: 5 }, { reason: 'fieldSize', status: 413, limit: 5, field: 'long' }],
      ['fields over maxFieldsSize', [{ name: 'x', value: 'abcd' }, file('a', '1'), { name: 'y', value: 'abcd' }], { maxFieldsSize: 6 }, { reason: 'fieldsSize', status: 413, limit: 6 }],
    ];
    for (const [title, parts, options, expected] of cases) {
      it(title, async () => {
        const error = await failure(read(parts, options));
        expect(error).to.be.instanceOf(MultipartError);
        expect(error).to.include(expected);
        expect(fs.readdirSync(dir)).to.deep.equal([]);
      });
    }
  });

  it('begins no file after a failure: the parts after it in the same chunk leave nothing behind when the read rejects', async () => {
    // The first file fails; the parser has the two after it in hand and announces them before it
    // stops. Were they begun, their files would be opened after the sweep and outlive the answer.
    const error = await failure(
      read(
        [
          { name: 'files', filename: 'big', data: 'x'.repeat(100) },
          { name: 'files', filename: 'next', data: 'next' },
          { name: 'cover', filename: 'last', data: 'last' },
        ],
        { maxFileSize: 10 },
      ),
    );
    expect(error.reason).to.equal('fileSize');
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });

  it('a part `watch` refuses stops the read with its error, and removes the files begun', async () => {
    const refused = new Error('files should follow map');
    const error = await failure(
      read(
        [
          { name: '0', filename: 'first', data: 'first' },
          { name: 'map', value: '{}' },
          { name: '1', filename: 'second', data: 'second' },
        ],
        {
          watch: (part) => {
            if (part.name === 'map') throw refused;
          },
        },
      ),
    );
    expect(error).to.equal(refused);
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });

  it('a body without a boundary, or cut short, is malformed (400)', async () => {
    const noBoundary = await failure(readMultipart(request(encode([]), 'multipart/form-data'), { uploadDir: dir }));
    expect(noBoundary).to.include({ reason: 'malformed', status: 400, message: 'The multipart body cannot be read: Multipart: Boundary not found' });
    const cut = await failure(readMultipart(request(encode([{ name: 'files', filename: 'a', data: 'a' }], false)), { uploadDir: dir }));
    expect(cut).to.include({ reason: 'malformed', status: 400, message: 'The multipart body cannot be read: Unexpected end of form' });
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });

  it('a request aborted half-way is refused (400), its files removed', async () => {
    const req = request(null);
    const reading = readMultipart(req, { uploadDir: dir });
    const stream = req as unknown as PassThrough;
    stream.write(encode([{ name: 'files', filename: 'a', data: 'begun' }], false).subarray(0, -2));
    // the file is opened on the thread pool: on a busy machine that takes more than a turn of the loop
    for (let wait = 0; wait < 200 && fs.readdirSync(dir).length === 0; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fs.readdirSync(dir)).to.have.length(1);
    req.emit('aborted');
    expect(await failure(reading)).to.include({ reason: 'aborted', status: 400 });
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });

  it('a folder that cannot be written is the disk error, with nothing left', async () => {
    const error = await failure(readMultipart(request(encode([{ name: 'files', filename: 'a', data: 'a' }])), { uploadDir: path.join(dir, 'missing') }));
    expect((error as unknown as NodeJS.ErrnoException).code).to.equal('ENOENT');
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });
});
