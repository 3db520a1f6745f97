import { type Canvas, createCanvas, fillCircle, fillGradient, hueColor } from './canvas.ts';
import { drawCaption, drawDevLabel } from './decorations.ts';
import { createRandom } from './seed.ts';

export interface PictureSpec {
  /** Hex digest the picture is drawn from: equal seeds give equal pixels. */
  seed: string;
  caption: string;
  width: number;
  height: number;
}

/**
 * A seeded abstract picture: a three-colour gradient, soft discs, the caption and the dev tag.
 * `into`: a canvas of the same size to draw on instead of a new one (the gradient paints every
 * pixel first, so what it held before never shows): a render thread reuses one (render-job.ts).
 */
export function renderPicture({ seed, caption, width, height }: PictureSpec, into?: Canvas): Canvas {
  const random = createRandom(seed);
  const canvas = into?.width === width && into.height === height ? into : createCanvas(width, height);
  const hue = random();
  const spread = 0.15 + random() * 0.35;
  fillGradient(
    canvas,
    [hueColor(hue, 0.7, 0.35), hueColor(hue + spread, 0.7, 0.55), hueColor(hue + spread * 2, 0.6, 0.45)],
    2 + Math.floor(random() * 7),
  );
  const discs = 6 + Math.floor(random() * 8);
  const shortSide = Math.min(width, height);
  for (let i = 0; i < discs; i++) {
    fillCircle(
      canvas,
      random() * width,
      random() * height,
      shortSide * (0.04 + random() * 0.18),
      hueColor(hue + 0.5 + random() * 0.3, 0.75, 0.3 + random() * 0.45),
      0.35 + random() * 0.4,
    );
  }
  const scale = Math.max(2, Math.round(shortSide / 200));
  drawCaption(canvas, caption, scale, 3);
  drawDevLabel(canvas, scale);
  return canvas;
}
