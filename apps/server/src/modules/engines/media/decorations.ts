import { type Canvas, drawText, fillRect, type Rgb, textWidth } from './canvas.ts';

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 17, 17];
const WARNING: Rgb = [250, 204, 21];
export const DEV_ENGINE_LABEL = 'DEV ENGINE';

/** Breaks text into at most `maxLines` lines of `maxChars`, with an ellipsis when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word.slice(0, maxChars);
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  const isCut = lines.join(' ').length < text.replace(/\s+/g, ' ').trim().length;
  const last = lines.length - 1;
  if (isCut && last >= 0) lines[last] = `${(lines[last] ?? '').slice(0, maxChars - 3)}...`;
  return lines;
}

/** The yellow "DEV ENGINE" tag: nobody should mistake these files for a real model's output. */
export function drawDevLabel(canvas: Canvas, scale: number): void {
  const pad = 3 * scale;
  fillRect(canvas, pad, pad, textWidth(DEV_ENGINE_LABEL, scale) + pad, 7 * scale + pad * 2, WARNING);
  drawText(canvas, DEV_ENGINE_LABEL, pad * 2, pad * 2, scale, INK);
}

/** The prompt (or URL) along the bottom, on a darkened band. */
export function drawCaption(canvas: Canvas, caption: string, scale: number, maxLines: number): void {
  const pad = 4 * scale;
  const lineHeight = 10 * scale;
  const maxChars = Math.floor((canvas.width - pad * 2) / (6 * scale));
  const lines = wrapText(caption, maxChars, maxLines);
  if (lines.length === 0) return;
  const top = canvas.height - lines.length * lineHeight - pad * 2;
  fillRect(canvas, 0, top, canvas.width, canvas.height - top, INK, 0.55);
  lines.forEach((line, i) => {
    drawText(canvas, line, pad, top + pad + i * lineHeight, scale, WHITE);
  });
}
