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

/** Paints one pixel, blended over what is there when `alpha` < 1. */
export function setPixel(canvas: Canvas, x: number, y: number, color: Rgb, alpha = 1): void {
  if (x < 0 || y < 0 || x >= canvas.width || y >= canvas.height) return;
  const at = (y * canvas.width + x) * 3;
  for (let c = 0; c < 3; c++) {
    const under = canvas.pixels[at + c] ?? 0;
    canvas.pixels[at + c] = Math.round(under + ((color[c] ?? 0) - under) * alpha);
  }
}

export function fillRect(canvas: Canvas, x: number, y: number, w: number, h: number, color: Rgb, alpha = 1) {
  for (let row = Math.max(0, y); row < Math.min(canvas.height, y + h); row++) {
    for (let col = Math.max(0, x); col < Math.min(canvas.width, x + w); col++) {
      setPixel(canvas, col, row, color, alpha);
    }
  }
}

/** A disc, blended over what is there: each row is one span, so no pixel is tested twice. */
export function fillCircle(canvas: Canvas, cx: number, cy: number, radius: number, color: Rgb, alpha = 1) {
  const { width, height, pixels } = canvas;
  const r2 = radius * radius;
  const [red, green, blue] = color;
  for (let y = Math.max(0, Math.floor(cy - radius)); y <= Math.min(height - 1, Math.ceil(cy + radius)); y++) {
    const half = r2 - (y - cy) ** 2;
    if (half < 0) continue;
    const reach = Math.sqrt(half);
    const from = Math.max(0, Math.ceil(cx - reach));
    const to = Math.min(width - 1, Math.floor(cx + reach));
    for (let at = (y * width + from) * 3, end = (y * width + to) * 3; at <= end; at += 3) {
      pixels[at] = Math.round((pixels[at] as number) + (red - (pixels[at] as number)) * alpha);
      pixels[at + 1] = Math.round((pixels[at + 1] as number) + (green - (pixels[at + 1] as number)) * alpha);
      pixels[at + 2] = Math.round((pixels[at + 2] as number) + (blue - (pixels[at + 2] as number)) * alpha);
    }
  }
}

/** Fills with a blend of three colours along a diagonal, with soft bands from `waves`. */
export function fillGradient(canvas: Canvas, colors: readonly [Rgb, Rgb, Rgb], waves: number): void {
  const { width, height, pixels } = canvas;
  // sin(a + b) from per-column and per-row sines and cosines: two tables instead of a sine a pixel.
  const sinX = new Float64Array(width);
  const cosX = new Float64Array(width);
  const halfX = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    sinX[x] = Math.sin((x / width) * waves * Math.PI);
    cosX[x] = Math.cos((x / width) * waves * Math.PI);
    halfX[x] = x / width / 2;
  }
  const [first, middle, last] = colors;
  for (let y = 0; y < height; y++) {
    const sinY = Math.sin((y / height) * 3);
    const cosY = Math.cos((y / height) * 3);
    const halfY = y / height / 2;
    for (let x = 0, at = y * width * 3; x < width; x++, at += 3) {
      const t = (halfX[x] as number) + halfY;
      const shade = 0.9 + 0.1 * ((sinX[x] as number) * cosY + (cosX[x] as number) * sinY);
      const isFirstHalf = t < 0.5;
      const from = isFirstHalf ? first : middle;
      const to = isFirstHalf ? middle : last;
      const local = isFirstHalf ? t * 2 : t * 2 - 1;
      // Rounded to the nearest integer (values are never negative).
      pixels[at] = ((from[0] + (to[0] - from[0]) * local) * shade + 0.5) | 0;
      pixels[at + 1] = ((from[1] + (to[1] - from[1]) * local) * shade + 0.5) | 0;
      pixels[at + 2] = ((from[2] + (to[2] - from[2]) * local) * shade + 0.5) | 0;
    }
  }
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
