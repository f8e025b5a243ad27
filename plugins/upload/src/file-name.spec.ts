import { expect } from 'chai';
import { cleanName, fileExtension, kilobytes, mimeOf, newHash, slugOf } from './file-name';

describe('upload: file names', () => {
  it('slugs names as Strapi v4 does, in ASCII', () => {
    expect(['smoke-cover', 'Holiday photo', 'smokeCover', 'Été à Paris', '../../etc/passwd', '___', 'a'.repeat(300)].map(slugOf)).to.deep.equal([
      'smoke_cover',
      'Holiday_photo',
      'smoke_Cover',
      'Ete_a_Paris',
      'etc_passwd',
      '',
      'a'.repeat(100),
    ]);
  });

  it('hashes are the slug of the last segment and 10 hex digits; an empty slug becomes "file"', () => {
    expect(newHash('smoke-cover.png', '.png')).to.match(/^smoke_cover_[0-9a-f]{10}$/);
    expect(newHash('dir\\sub/photo.JPG', '.JPG')).to.match(/^photo_[0-9a-f]{10}$/);
    expect(newHash('.png', '.png')).to.match(/^file_[0-9a-f]{10}$/);
    expect(newHash('a.png', '.png')).to.not.equal(newHash('a.png', '.png'));
  });

  it("keeps an extension of safe characters that fits the type, else takes the type's", () => {
    expect(fileExtension('a.PNG', 'image/png')).to.equal('.PNG');
    expect(fileExtension('a.p/ng', 'image/png')).to.equal('.png');
    expect(fileExtension('a.png\u0000.sh', 'image/png')).to.equal('.png');
    expect(fileExtension('noext', 'text/plain')).to.equal('.txt');
    expect(fileExtension('noext', 'application/x-unknown-thing')).to.equal('');
    expect(fileExtension('page.html', 'text/plain')).to.equal('.txt');
    expect(fileExtension('a.custom', 'application/x-unknown-thing')).to.equal('.custom');
  });

  it('names are data: NFC, without control characters', () => {
    expect(cleanName('e\u0301t\u00e9\u0000\u0007\u001b.png')).to.equal('\u00e9t\u00e9.png');
  });

  it("takes the declared type, else the extension's, else a byte stream", () => {
    expect(mimeOf('Image/PNG; charset=x', 'a.jpg')).to.equal('image/png');
    expect(mimeOf('application/octet-stream', 'a.jpg')).to.equal('image/jpeg');
    expect(mimeOf(null, 'a.unknownext')).to.equal('application/octet-stream');
    // text/plain is also what a part without a type is read as: a name of another kind wins
    expect(mimeOf('text/plain', 'photo.png')).to.equal('image/png');
    expect(mimeOf('text/plain', 'notes.md')).to.equal('text/plain');
    expect(mimeOf('text/plain', 'notes')).to.equal('text/plain');
  });

  it('sizes are KB with two decimals', () => {
    expect([560, 1565, 410, 0, 104857600].map(kilobytes)).to.deep.equal([0.56, 1.57, 0.41, 0, 104857.6]);
  });
});
