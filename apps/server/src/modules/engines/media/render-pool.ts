import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderedFile, RenderJob } from './render-job.ts';

type Reply = { id: number; file?: Omit<RenderedFile, 'data'> & { data: Uint8Array }; error?: string };
interface Pending {
  resolve: (file: RenderedFile) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** The jobs sent to this thread and not answered yet. */
  pending: Map<number, Pending>;
}

/**
 * Worker threads that render development-engine results, one per core at most, each started
 * on first need and not keeping the process alive while idle. A job goes to the thread with the
 * fewest jobs waiting; a crashed thread fails its own jobs and is replaced on the next call.
 */
export function createRenderPool(size = Math.max(1, availableParallelism())) {
  const threads: (Thread | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextId = 1;

  const failAll = (thread: Thread, error: Error) => {
    for (const job of thread.pending.values()) job.reject(error);
    thread.pending.clear();
    const slot = threads.indexOf(thread);
    if (slot >= 0) threads[slot] = undefined;
  };

  const start = (slot: number): Thread => {
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url));
    const thread: Thread = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', ({ id, file, error }: Reply) => {
      const job = thread.pending.get(id);
      if (!job) return;
      thread.pending.delete(id);
      if (file)
        job.resolve({
          ...file,
          data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
        });
      else job.reject(new Error(error ?? 'Rendering failed'));
      if (thread.pending.size === 0) worker.unref();
    });
    worker.on('error', (error: Error) => failAll(thread, error));
    worker.on('exit', () => {
      if (threads[slot] === thread) failAll(thread, new Error('The render worker stopped'));
    });
    threads[slot] = thread;
    return thread;
  };

  /** An idle started thread, else a thread not started yet, else the least busy one. */
  function pick(): Thread {
    let best: Thread | undefined;
    for (const thread of threads) {
      if (thread && (!best || thread.pending.size < best.pending.size)) best = thread;
    }
    if (best && best.pending.size === 0) return best;
    const free = threads.indexOf(undefined);
    if (free >= 0) return start(free);
    return best as Thread;
  }

  return {
    render(job: RenderJob): Promise<RenderedFile> {
      const thread = pick();
      thread.worker.ref();
      const id = nextId++;
      const result = new Promise<RenderedFile>((resolve, reject) =>
        thread.pending.set(id, { resolve, reject }),
      );
      thread.worker.postMessage({ id, job });
      return result;
    },
    async close() {
      const running = threads.filter((thread): thread is Thread => thread !== undefined);
      threads.fill(undefined);
      await Promise.all(running.map((thread) => thread.worker.terminate()));
      // A job still waiting would never settle, and whoever awaits it (the task pump's stop) would hang shutdown.
      for (const thread of running) failAll(thread, new Error('The render pool was closed'));
    },
  };
}
