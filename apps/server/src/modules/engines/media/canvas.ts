import { glyphColumns } from './font.ts';

export type Rgb = readonly [number, number, number];

/** An RGB raster, 3 bytes a pixel, row after row: what the PNG, JPEG and video encoders take. */
export interface Canvas {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function createCanvas(width: number, height: number): Canvas {
  return { width, height, pixels: new Uint8Array(width * height * 3) };
}

export function copyCanvas(canvas: Canvas): Canvas {
  return { ...canvas, pixels: canvas.pixels.slice() };
}

export function fillRect(canvas: Canvas, x: number, y: number, w: number, h: number, color: Rgb, alpha = 1) {
  const from = Math.max(0, x);
  const to = Math.min(canvas.width, x + w) - 1;
  for (let row = Math.max(0, y); row < Math.min(canvas.height, y + h); row++)
    blendSpan(canvas, row, from, to, color, alpha);
}

/**
 * Blends `color` over the pixels `from`..`to` (inclusive) of one row. The weight is in 256ths, so
 * the blend is integer arithmetic; alpha 1 paints the colour exactly.
 */
function blendSpan(canvas: Canvas, y: number, from: number, to: number, color: Rgb, alpha: number) {
  const { width, pixels } = canvas;
  const [red, green, blue] = color;
  const weight = Math.round(alpha * 256);
  for (let at = (y * width + from) * 3, end = (y * width + to) * 3; at <= end; at += 3) {
    const r = pixels[at] as number;
    const g = pixels[at + 1] as number;
    const b = pixels[at + 2] as number;
    pixels[at] = r + (((red - r) * weight + 128) >> 8);
    pixels[at + 1] = g + (((green - g) * weight + 128) >> 8);
    pixels[at + 2] = b + (((blue - b) * weight + 128) >> 8);
  }
}

/** A disc, blended over what is there: each row is one span, so no pixel is tested twice. */
export function fillCircle(canvas: Canvas, cx: number, cy: number, radius: number, color: Rgb, alpha = 1) {
  const r2 = radius * radius;
  for (
    let y = Math.max(0, Math.floor(cy - radius));
    y <= Math.min(canvas.height - 1, Math.ceil(cy + radius));
    y++
  ) {
    const half = r2 - (y - cy) ** 2;
    if (half < 0) continue;
    const reach = Math.sqrt(half);
    blendSpan(
      canvas,
      y,
      Math.max(0, Math.ceil(cx - reach)),
      Math.min(canvas.width - 1, Math.floor(cx + reach)),
      color,
      alpha,
    );
  }
}

/**
 * Fills with a blend of three colours along the diagonal, with soft bands from `waves`. Each pixel's
 * colour depends on x + y only, so the colours are computed once along one strip of width + height
 * pixels and every row is that strip shifted by one pixel: a copy per row instead of arithmetic per
 * pixel, and rows the PNG deflater finds again in the row above.
 */
export function fillGradient(canvas: Canvas, colors: readonly [Rgb, Rgb, Rgb], waves: number): void {
  const { width, height, pixels } = canvas;
  const length = width + height - 1;
  const strip = new Uint8Array(length * 3);
  const [first, middle, last] = colors;
  for (let d = 0; d < length; d++) {
    const t = d / length;
    const shade = 0.9 + 0.1 * Math.sin(t * waves * Math.PI);
    const isFirstHalf = t < 0.5;
    const from = isFirstHalf ? first : middle;
    const to = isFirstHalf ? middle : last;
    const local = isFirstHalf ? t * 2 : t * 2 - 1;
    // Rounded to the nearest integer (values are never negative).
    strip[d * 3] = ((from[0] + (to[0] - from[0]) * local) * shade + 0.5) | 0;
    strip[d * 3 + 1] = ((from[1] + (to[1] - from[1]) * local) * shade + 0.5) | 0;
    strip[d * 3 + 2] = ((from[2] + (to[2] - from[2]) * local) * shade + 0.5) | 0;
  }
  const stride = width * 3;
  for (let y = 0; y < height; y++) pixels.set(strip.subarray(y * 3, y * 3 + stride), y * stride);
}

/** Draws text in the 5x7 bitmap font, `scale` pixels a dot; returns the width drawn. */
export function drawText(canvas: Canvas, text: string, x: number, y: number, scale: number, color: Rgb) {
  let cursor = x;
  for (const char of text) {
    const columns = glyphColumns(char);
    columns.forEach((bits, col) => {
      for (let row = 0; row < 8; row++) {
        if (bits & (1 << row)) fillRect(canvas, cursor + col * scale, y + row * scale, scale, scale, color);
      }
    });
    cursor += 6 * scale;
  }
  return cursor - x;
}

export function textWidth(text: string, scale: number): number {
  return [...text].length * 6 * scale;
}

/** A colour from a hue (0-1), for seeded palettes that stay saturated and readable. */
export function hueColor(hue: number, saturation = 0.65, lightness = 0.5): Rgb {
  const k = (n: number) => (n + hue * 12) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) =>
    Math.round(255 * (lightness - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [channel(0), channel(8), channel(4)];
}
