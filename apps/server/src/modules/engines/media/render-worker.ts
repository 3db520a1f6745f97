import { parentPort } from 'node:worker_threads';
import { type RenderJob, renderJob } from './render-job.ts';

/** Draws development-engine results off the main thread (a video takes about a second of CPU). */
parentPort?.on('message', ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    const file = renderJob(job);
    // Moved to the main thread, not copied: as it is when it owns its whole buffer (a PNG's or a
    // video's concatenation), else a copy that does.
    const owned = file.data.byteOffset === 0 && file.data.byteLength === file.data.buffer.byteLength;
    const data = owned
      ? new Uint8Array(file.data.buffer, 0, file.data.byteLength)
      : new Uint8Array(file.data);
    parentPort?.postMessage({ id, file: { ...file, data } }, [data.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
