import type { Engine, JobState, LinkedinResult, MediaInput } from '../src/modules/engines/engine.ts';
import { tinyPng } from './scripted-engine.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An engine that always succeeds, whatever the request says (no trigger words, unlike the
 * scripted engine), after `delayMs` per upstream call: the fuzz suite needs every accepted call
 * to be charged exactly once and never refunded; the slow-upstream test needs a slow upstream.
 * Counts the calls in flight at once.
 */
export function createSteadyEngine(options: { delayMs?: number } = {}) {
  const delayMs = options.delayMs ?? 0;
  const services = new Map<string, MediaInput['service']>();
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const upstreamCall = async <T>(work: () => T): Promise<T> => {
    stats.calls += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      if (delayMs > 0) await sleep(delayMs);
      return work();
    } finally {
      stats.inFlight -= 1;
    }
  };
  const engine: Engine & { stats: typeof stats } = {
    name: 'local',
    isDevelopmentEngine: true,
    stats,
    startJob: (input: MediaInput, { taskId }: { taskId: string }) =>
      upstreamCall(() => {
        services.set(taskId, input.service);
        return { upstreamId: `steady-${taskId}` };
      }),
    pollJob: (service: MediaInput['service'], _upstreamId: string) =>
      upstreamCall(
        (): JobState => ({
          state: 'succeeded',
          files: [
            service === 'image'
              ? { kind: 'bytes', data: tinyPng(), contentType: 'image/png', extension: 'png' }
              : {
                  kind: 'bytes',
                  data: Buffer.from('steady video'),
                  contentType: 'video/mp4',
                  extension: 'mp4',
                },
          ],
        }),
      ),
    scrapeLinkedin: (request: { username: string; limit: number }) =>
      upstreamCall(
        (): LinkedinResult => ({
          profile: {
            username: request.username,
            name: 'Steady Person',
            profileUrl: `https://www.linkedin.com/in/${request.username}`,
          },
          posts: [],
          paginationToken: null,
        }),
      ),
  };
  return engine;
}
