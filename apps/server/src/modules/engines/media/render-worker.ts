import { parentPort } from 'node:worker_threads';
import { type RenderJob, renderJob } from './render-job.ts';

/** Draws development-engine results off the main thread (a video takes about a second of CPU). */
parentPort?.on('message', ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    const file = renderJob(job);
    // A copy that owns its whole buffer, so it can be moved to the main thread without copying again.
    const data = new Uint8Array(file.data);
    parentPort?.postMessage({ id, file: { ...file, data } }, [data.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
