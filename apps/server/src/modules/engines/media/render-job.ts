import type { ResultFile } from '../engine.ts';
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
  const picture = renderPicture(job);
  return job.format === 'jpeg'
    ? { kind: 'bytes', data: encodeJpeg(picture), contentType: 'image/jpeg', extension: 'jpg' }
    : { kind: 'bytes', data: encodePng(picture), contentType: 'image/png', extension: 'png' };
}
