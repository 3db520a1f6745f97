import {
  type Canvas,
  copyCanvas,
  createCanvas,
  fillCircle,
  fillGradient,
  fillRect,
  hueColor,
} from './canvas.ts';
import { drawCaption, drawDevLabel } from './decorations.ts';
import { encodeH264 } from './h264.ts';
import { muxMp4 } from './mp4.ts';
import { createRandom } from './seed.ts';
import { toYuvFrame } from './yuv.ts';

export interface VideoSpec {
  seed: string;
  caption: string;
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

/** The frames of the video: a disc gliding over a seeded still background, and a progress bar. */
export function drawVideoFrames({ seed, caption, width, height, fps, seconds }: VideoSpec): Canvas[] {
  const random = createRandom(seed);
  const hue = random();
  const background = createCanvas(width, height);
  fillGradient(
    background,
    [hueColor(hue, 0.7, 0.3), hueColor(hue + 0.2, 0.7, 0.5), hueColor(hue + 0.4, 0.6, 0.4)],
    2 + Math.floor(random() * 5),
  );
  drawCaption(background, caption, 1, 2);
  drawDevLabel(background, 1);
  const discColor = hueColor(hue + 0.55, 0.85, 0.6);
  const radius = Math.round(Math.min(width, height) * 0.12);
  const phase = random() * Math.PI * 2;
  const turns = 1 + Math.floor(random() * 2);
  const frameCount = Math.round(fps * seconds);
  return Array.from({ length: frameCount }, (_, index) => {
    const t = index / frameCount;
    const frame = copyCanvas(background);
    const angle = phase + t * Math.PI * 2 * turns;
    const cx = width / 2 + Math.cos(angle) * (width / 2 - radius * 1.5);
    const cy = height * 0.45 + Math.sin(angle * 2) * (height * 0.45 - radius * 1.5);
    fillCircle(frame, cx, cy, radius, discColor);
    fillRect(frame, 0, height - 3, Math.round(width * ((index + 1) / frameCount)), 3, [250, 204, 21]);
    return frame;
  });
}

/**
 * A short MP4 of `drawVideoFrames`. Only the macroblocks that change are sent after the first
 * frame, which keeps the file small.
 */
export function renderVideo(spec: VideoSpec): Buffer {
  const { width, height, fps } = spec;
  const codedWidth = Math.ceil(width / 16) * 16;
  const codedHeight = Math.ceil(height / 16) * 16;
  const frames = drawVideoFrames(spec).map((frame) => toYuvFrame(frame, codedWidth, codedHeight));
  return muxMp4({ width, height, fps, stream: encodeH264(frames, width, height) });
}
