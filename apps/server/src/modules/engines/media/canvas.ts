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

export function fillCircle(canvas: Canvas, cx: number, cy: number, radius: number, color: Rgb, alpha = 1) {
  const r2 = radius * radius;
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r2) setPixel(canvas, x, y, color, alpha);
    }
  }
}

/** Fills with a blend of three colours along a diagonal, with soft bands from `waves`. */
export function fillGradient(canvas: Canvas, colors: readonly [Rgb, Rgb, Rgb], waves: number): void {
  const { width, height } = canvas;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const band = 0.5 + 0.5 * Math.sin((x / width) * waves * Math.PI + (y / height) * 3);
      const [from, to] = t < 0.5 ? [colors[0], colors[1]] : [colors[1], colors[2]];
      const local = t < 0.5 ? t * 2 : (t - 0.5) * 2;
      const shade = 0.8 + 0.2 * band;
      setPixel(canvas, x, y, [
        Math.round((from[0] + (to[0] - from[0]) * local) * shade),
        Math.round((from[1] + (to[1] - from[1]) * local) * shade),
        Math.round((from[2] + (to[2] - from[2]) * local) * shade),
      ]);
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
