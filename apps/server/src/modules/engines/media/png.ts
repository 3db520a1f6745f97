import { crc32, deflateSync } from 'node:zlib';
import type { Canvas } from './canvas.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  // The CRC covers the chunk type and data, not the length.
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG. Rows use the Sub filter, which turns smooth gradients into small numbers. */
export function encodePng(canvas: Canvas): Buffer {
  const { width, height, pixels } = canvas;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const stride = width * 3;
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1) + 1;
    const row = y * stride;
    raw[out - 1] = 1;
    raw[out] = pixels[row] as number;
    raw[out + 1] = pixels[row + 1] as number;
    raw[out + 2] = pixels[row + 2] as number;
    for (let i = 3; i < stride; i++)
      raw[out + i] = ((pixels[row + i] as number) - (pixels[row + i - 3] as number)) & 0xff;
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    // Level 1: the filtered rows of these smooth pictures are mostly small repeats, so the fastest
    // level costs little size (about 1.5x level 6) for a third of the time.
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
