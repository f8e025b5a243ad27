/**
 * The image options of `upload.config`, on every database: custom `breakpoints` (each format
 * made only when the original is larger), `responsiveDimensions: false` (the thumbnail only)
 * `autoOrientation: true` (EXIF orientation applied), and `sizeOptimization: false` (the
 * original stored byte for byte); and a malformed option
 * stops start-up naming it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { BootError } from '@platform/core';
import { startApp } from '../helpers/app';
import { describeUploads, dimensions, png, upload, uploadApp } from './helpers';

describeUploads(
  'upload: custom breakpoints, no optimization',
  (ctx) => {
    it('makes the configured formats smaller than the original and stores the original as sent', async () => {
      const data = await png(640, 480);
      const [file] = (await upload(ctx.app, [{ name: 'custom.png', type: 'image/png', data }])).body;
      expect(Object.keys(file.formats)).to.deep.equal(['thumbnail', 'tiny', 'wide']);
      expect([file.formats.tiny.width, file.formats.tiny.height]).to.deep.equal([100, 75]);
      expect([file.formats.wide.width, file.formats.wide.height]).to.deep.equal([600, 450]);
      expect(await dimensions(path.join(ctx.dir.uploads, `tiny_${file.hash}.png`))).to.deep.equal([100, 75]);
      expect(fs.readFileSync(path.join(ctx.dir.uploads, `${file.hash}.png`)).equals(data)).to.equal(true);
      expect(file.size).to.equal(Math.round((data.length / 1000) * 100) / 100);
    });
  },
  { config: { plugins: { upload: { config: { breakpoints: { wide: 600, tiny: 100, huge: 2000 }, sizeOptimization: false } } } } },
);

describeUploads(
  'upload: responsiveDimensions off, autoOrientation on',
  (ctx) => {
    it('makes the thumbnail only', async () => {
      const [file] = (await upload(ctx.app, [{ name: 'big.png', type: 'image/png', data: await png(1200, 900) }])).body;
      expect(Object.keys(file.formats)).to.deep.equal(['thumbnail']);
    });

    it('turns an image as its EXIF orientation says', async () => {
      const data = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#484' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const [file] = (await upload(ctx.app, [{ name: 'turned.jpg', type: 'image/jpeg', data }])).body;
      expect([file.width, file.height]).to.deep.equal([200, 400]);
      expect([file.formats.thumbnail.width, file.formats.thumbnail.height]).to.deep.equal([78, 156]);
      expect(await dimensions(path.join(ctx.dir.uploads, `${file.hash}.jpg`))).to.deep.equal([200, 400]);
    });
  },
  { config: { plugins: { upload: { config: { responsiveDimensions: false, autoOrientation: true } } } } },
);

describe('upload: configuration errors', () => {
  for (const [config, message] of [
    [{ breakpoints: { thumbnail: 100 } }, 'upload: "breakpoints" must map format names (not "thumbnail") to positive integer sizes'],
    [{ sizeLimit: '10mb' }, 'upload: "sizeLimit" must be a positive integer'],
    [{ provider: 'no-such-provider-anywhere' }, 'upload: provider "no-such-provider-anywhere" was not found'],
  ] as const) {
    it(`refuses ${JSON.stringify(config)}`, async function () {
      this.timeout(30000);
      const dir = uploadApp();
      try {
        let error: unknown = null;
        try {
          const app = await startApp({ appDir: dir.dir, config: { plugins: { upload: { config } } } });
          await app.close();
        } catch (caught) {
          error = caught;
        }
        expect(error).to.be.instanceOf(BootError);
        expect((error as BootError).message).to.contain(message);
      } finally {
        dir.remove();
      }
    });
  }
});
