/**
 * The chunks of a PNG file, each checked against its CRC. libpng reports a damaged chunk
 * late, or not at all while sharp reads the header and the pixels (a wrong CRC on IHDR passes
 * both and only fails when a format is written), so an upload checks the CRCs itself and can
 * name what is wrong. Read from disk in slices, never as a whole.
 */
import fs from 'node:fs';
import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SLICE = 64 * 1024;
/** The PNG specification's bound on a chunk's length. */
const MAX_CHUNK = 2 ** 31 - 1;

/** What is wrong with a PNG file's chunks (a damaged chunk's type, or a truncation), or null when every CRC holds. */
export async function pngDamage(file: string): Promise<string | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    let position = 0;
    const read = async (length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      position += bytesRead;
      return buffer.subarray(0, bytesRead);
    };
    if (!(await read(8)).equals(SIGNATURE)) return 'the PNG signature is wrong';
    for (;;) {
      const head = await read(8);
      if (head.length === 0) return 'the file ends before its IEND chunk';
      if (head.length < 8) return 'the file ends inside a chunk header';
      const length = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (length > MAX_CHUNK) return `the ${printable(type)} chunk declares a length of ${length} bytes`;
      let crc = crc32(head.subarray(4, 8));
      for (let left = length; left > 0; ) {
        const slice = await read(Math.min(left, SLICE));
        if (slice.length === 0) return `the file ends inside its ${printable(type)} chunk`;
        crc = crc32(slice, crc);
        left -= slice.length;
      }
      const stored = await read(4);
      if (stored.length < 4) return `the file ends inside its ${printable(type)} chunk`;
      if (stored.readUInt32BE(0) !== crc) return `the CRC of its ${printable(type)} chunk is wrong`;
      if (type === 'IEND') return null;
    }
  } finally {
    await handle.close();
  }
}

/** A chunk type as text when it is one (four ASCII letters), else its bytes in hex. */
function printable(type: string): string {
  return /^[A-Za-z]{4}$/.test(type) ? type : `0x${Buffer.from(type, 'latin1').toString('hex')}`;
}
