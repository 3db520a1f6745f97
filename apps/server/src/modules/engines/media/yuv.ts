import type { Canvas } from './canvas.ts';
import type { YuvFrame } from './h264.ts';

const clamp = (value: number) => Math.max(16, Math.min(235, Math.round(value)));
const clampChroma = (value: number) => Math.max(16, Math.min(240, Math.round(value)));

/**
 * RGB to YUV 4:2:0 with BT.601 limited-range coefficients (what decoders assume for SD video
 * without colour metadata), padded to the coded size by repeating the edge pixels.
 */
export function toYuvFrame(canvas: Canvas, codedWidth: number, codedHeight: number): YuvFrame {
  const { width, height, pixels } = canvas;
  const y = new Uint8Array(codedWidth * codedHeight);
  const u = new Uint8Array((codedWidth / 2) * (codedHeight / 2));
  const v = new Uint8Array(u.length);
  const rgbAt = (px: number, py: number) => {
    const at = (Math.min(py, height - 1) * width + Math.min(px, width - 1)) * 3;
    return [pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0] as const;
  };
  for (let py = 0; py < codedHeight; py++) {
    for (let px = 0; px < codedWidth; px++) {
      const [r, g, b] = rgbAt(px, py);
      y[py * codedWidth + px] = clamp(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
    }
  }
  for (let cy = 0; cy < codedHeight / 2; cy++) {
    for (let cx = 0; cx < codedWidth / 2; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [pr, pg, pb] = rgbAt(cx * 2 + dx, cy * 2 + dy);
        r += pr / 4;
        g += pg / 4;
        b += pb / 4;
      }
      const at = cy * (codedWidth / 2) + cx;
      u[at] = clampChroma(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      v[at] = clampChroma(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  return { y, u, v };
}
