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
    const out = y * (stride + 1);
    raw[out] = 1;
    for (let i = 0; i < stride; i++) {
      const left = i >= 3 ? (pixels[y * stride + i - 3] ?? 0) : 0;
      raw[out + 1 + i] = ((pixels[y * stride + i] ?? 0) - left) & 0xff;
    }
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
