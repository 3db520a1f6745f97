import type { Engine, MediaInput } from '../src/modules/engines/engine.ts';

/** The error a call was expected to reject with (its retry hint too); fails the test if it resolved. */
export const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error & { retryAfterMs?: number },
  );

/** Polls a job until it leaves `pending` (at most ten polls), answering every state seen. */
export async function pollStates(
  engine: Pick<Engine, 'pollJob'>,
  service: MediaInput['service'],
  upstreamId: string,
) {
  const states = [];
  for (let poll = 0; poll < 10; poll += 1) {
    const state = await engine.pollJob(service, upstreamId);
    states.push(state);
    if (state.state !== 'pending') break;
  }
  return states;
}

/** An image job as the gateway hands it to an engine: a 1:1 PNG unless `extra` says otherwise. */
export const imageInput = (prompt: string, extra: Record<string, unknown> = {}): MediaInput => ({
  service: 'image',
  request: { prompt, output_format: 'png', image_size: '1:1', ...extra },
});

/** A video job as the gateway hands it to an engine: fast, 16:9, translated, no fallback unless `extra` says otherwise. */
export const videoInput = (prompt: string, extra: Record<string, unknown> = {}): MediaInput => ({
  service: 'video',
  request: {
    prompt,
    model: 'fast',
    aspectRatio: '16:9',
    enableFallback: false,
    enableTranslation: true,
    ...extra,
  },
});
