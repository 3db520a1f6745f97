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

/**
 * An 8-bit RGB PNG with unfiltered rows. The pictures' backgrounds repeat the row above shifted by
 * one pixel (`fillGradient`), which deflate finds as long matches; a Sub or Up filter would hide
 * that and cost a pass over every byte. Level 2 is, on these pictures, both faster and smaller
 * than level 1 (about 3.5 ms and 90 KB for 1024 x 1024 here).
 */
export function encodePng(canvas: Canvas): Buffer {
  const { width, height, pixels } = canvas;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const stride = width * 3;
  // Each row is its filter byte (0, none: already zero) and the row's pixels.
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++)
    raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 2 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
