import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { isPrivateDir, readPrivateFile, writePrivateFile } from './private-temp-dir';

describe('private temporary folder files', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-private-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a file into a folder it makes for this user alone, and reads it back', () => {
    const file = path.join(dir, 'kept', 'a.json');
    expect(writePrivateFile(file, '{"a":1}')).to.equal(true);
    expect(isPrivateDir(path.dirname(file))).to.equal(true);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).to.equal(0o700);
    expect(readPrivateFile(file)?.toString('utf8')).to.equal('{"a":1}');
    // written aside then renamed: nothing else is left in the folder
    expect(fs.readdirSync(path.dirname(file))).to.deep.equal(['a.json']);
    expect(writePrivateFile(file, Buffer.from('{"a":2}'))).to.equal(true);
    expect(readPrivateFile(file)?.toString('utf8')).to.equal('{"a":2}');
  });

  it('neither reads nor writes in a folder another user may write in', () => {
    const shared = path.join(dir, 'shared');
    fs.mkdirSync(shared);
    fs.writeFileSync(path.join(shared, 'a.json'), 'planted');
    fs.chmodSync(shared, 0o777);
    expect(readPrivateFile(path.join(shared, 'a.json'))).to.equal(null);
    expect(writePrivateFile(path.join(shared, 'b.json'), 'x')).to.equal(false);
    expect(fs.readdirSync(shared)).to.deep.equal(['a.json']);
  });

  it('reads a missing file as null, and throws what the file system refuses on a write', () => {
    const kept = path.join(dir, 'kept');
    expect(readPrivateFile(path.join(kept, 'missing.json'))).to.equal(null);
    expect(writePrivateFile(path.join(kept, 'a.json'), 'x')).to.equal(true);
    // a name the folder already holds as a folder: the rename is refused
    fs.mkdirSync(path.join(kept, 'taken'));
    expect(() => writePrivateFile(path.join(kept, 'taken'), 'x')).to.throw();
  });
});
