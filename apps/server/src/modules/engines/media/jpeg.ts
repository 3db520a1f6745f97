import jpeg from 'jpeg-js';
import type { Canvas } from './canvas.ts';

const JPEG_QUALITY = 85;

/** A baseline JPEG (jpeg-js is a pure JS encoder, so the bytes are the same on every machine). */
export function encodeJpeg(canvas: Canvas): Buffer {
  const { width, height, pixels } = canvas;
  const rgba = Buffer.alloc(width * height * 4, 0xff);
  for (let i = 0, o = 0; i < pixels.length; i += 3, o += 4) {
    rgba[o] = pixels[i] ?? 0;
    rgba[o + 1] = pixels[i + 1] ?? 0;
    rgba[o + 2] = pixels[i + 2] ?? 0;
  }
  return jpeg.encode({ data: rgba, width, height }, JPEG_QUALITY).data;
}
