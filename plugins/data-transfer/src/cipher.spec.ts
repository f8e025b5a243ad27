import crypto from 'node:crypto';
import { expect } from 'chai';
import { ALGORITHMS, decryptionStream, encryptionStream } from './cipher';

async function through(stream: NodeJS.ReadWriteStream, input: Buffer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', () => resolve());
    stream.on('error', reject);
  });
  stream.end(input);
  await ended;
  return Buffer.concat(chunks);
}

describe("Strapi's archive cipher", () => {
  const text = Buffer.from('metadata and lines '.repeat(100));

  it('is aes-128-ecb with scrypt(key, empty salt, 16) by default, as Strapi 4 enciphers', async () => {
    const strapi = crypto.createCipheriv('aes-128-ecb', crypto.scryptSync('secret', '', 16), null);
    const expected = Buffer.concat([strapi.update(text), strapi.final()]);
    expect((await through(encryptionStream('secret'), text)).equals(expected)).to.equal(true);
  });

  it('derives the CBC ciphers’ key and IV from one scrypt output, key first', async () => {
    const derived = crypto.scryptSync('secret', '', 32 + 16);
    const strapi = crypto.createCipheriv('aes256', derived.subarray(0, 32), derived.subarray(32));
    const expected = Buffer.concat([strapi.update(text), strapi.final()]);
    expect((await through(encryptionStream('secret', 'aes256'), text)).equals(expected)).to.equal(true);
  });

  it('deciphers what it enciphers with every algorithm, and fails with another key', async () => {
    for (const algorithm of ALGORITHMS) {
      const sealed = await through(encryptionStream('secret', algorithm), text);
      expect((await through(decryptionStream('secret', algorithm), sealed)).equals(text), algorithm).to.equal(true);
      let failure: Error | null = null;
      try {
        const opened = await through(decryptionStream('other', algorithm), sealed);
        // a wrong key may by chance leave valid padding: the text is still not the archive's
        expect(opened.equals(text)).to.equal(false);
      } catch (error) {
        failure = error as Error;
      }
      if (failure) expect(failure.message).to.match(/bad decrypt/);
    }
  });
});
