import type { ResultFile } from '../engine.ts';
import type { Canvas } from './canvas.ts';
import { encodeJpeg } from './jpeg.ts';
import { renderPicture } from './picture.ts';
import { encodePng } from './png.ts';
import { renderVideo } from './video.ts';

/** Everything the development engine needs to draw one result, and nothing else. */
export interface RenderJob {
  service: 'image' | 'video' | 'sora';
  seed: string;
  caption: string;
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'mp4';
}

export type RenderedFile = Extract<ResultFile, { kind: 'bytes' }>;

const VIDEO_FPS = 24;
const VIDEO_SECONDS = { image: 0, video: 4, sora: 3 } as const;

/**
 * The canvas of the last picture drawn, drawn over by the next of the same size: a render
 * thread draws one job at a time, and each picture is encoded before the next is drawn.
 */
let lastCanvas: Canvas | undefined;

export function renderJob(job: RenderJob): RenderedFile {
  if (job.format === 'mp4') {
    const { seed, caption, width, height } = job;
    const data = renderVideo({
      seed,
      caption,
      width,
      height,
      fps: VIDEO_FPS,
      seconds: VIDEO_SECONDS[job.service],
    });
    return { kind: 'bytes', data, contentType: 'video/mp4', extension: 'mp4' };
  }
  const picture = renderPicture(job, lastCanvas);
  lastCanvas = picture;
  return job.format === 'jpeg'
    ? { kind: 'bytes', data: encodeJpeg(picture), contentType: 'image/jpeg', extension: 'jpg' }
    : { kind: 'bytes', data: encodePng(picture), contentType: 'image/png', extension: 'png' };
}
