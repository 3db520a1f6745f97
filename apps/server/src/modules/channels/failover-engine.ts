import type { LinkedinRequest } from '@conduit/contracts';
import pino, { type Logger } from 'pino';
import {
  type ChannelInfo,
  type Engine,
  type MediaInput,
  type MediaService,
  UpstreamRejected,
  UpstreamUnavailable,
} from '../engines/engine.ts';
import type { ChannelStore } from './channel-store.ts';

export type ChannelService = MediaService | 'linkedin';

/** The parts of an engine one channel uses: an upstream that serves some of the services. */
export type ChannelUpstream = Partial<
  Pick<Engine, 'startJob' | 'pollJob' | 'cancelJob' | 'scrapeLinkedin' | 'upstreamBalance' | 'close'>
>;

/** One upstream serving one service: its credentials and model mapping live in `upstream`. */
export interface ChannelDefinition {
  id: string;
  service: ChannelService;
  upstream: string;
  /** Default order; an admin can change it (lower is tried first). */
  priority: number;
  client: ChannelUpstream;
  /** What the upstream charges for this call, in millionths of a US dollar. */
  priceMicros(request: MediaInput['request'] | LinkedinRequest): number;
}

interface FailoverOptions {
  name: Engine['name'];
  isDevelopmentEngine: boolean;
  channels: ChannelDefinition[];
  store: ChannelStore;
  log?: Logger;
}

/**
 * One engine over several channels per service: new work goes to the first usable channel by
 * priority; a channel that cannot take it (UpstreamUnavailable: 5xx, timeouts, 429, 455, our
 * account) is counted against its circuit and the next channel is tried in the same step. A
 * rejection (the request itself refused) is not retried elsewhere. Polls go to the channel that
 * took the job. When no channel takes the work, the caller sees UpstreamUnavailable and the task
 * waits and retries as before, refunded only at its deadline.
 */
export function createFailoverEngine(options: FailoverOptions): Engine {
  const { channels, store } = options;
  const log = options.log ?? pino({ level: 'silent' });
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  const registered = store.register(channels);
  registered.catch((error) => log.error({ err: error }, 'could not register the upstream channels'));

  /** The service's channels in the order to try them: enabled, circuit closed or probe claimed. */
  const usable = async (service: ChannelService): Promise<ChannelDefinition[]> => {
    await registered;
    const ids = channels.filter((channel) => channel.service === service).map((channel) => channel.id);
    const picked: ChannelDefinition[] = [];
    for (const state of await store.states(ids)) {
      const channel = byId.get(state.id);
      if (!channel || !state.enabled || state.circuit === 'open') continue;
      if (state.circuit === 'half-open' && !(await store.claimProbe(state.id))) continue;
      picked.push(channel);
    }
    return picked;
  };

  /** Runs `attempt` on each usable channel until one answers; rejections end the search. */
  async function firstAnswer<T>(
    service: ChannelService,
    attempt: (channel: ChannelDefinition) => Promise<T>,
  ): Promise<{ channel: ChannelDefinition; value: T }> {
    const candidates = await usable(service);
    let lastError: unknown;
    for (const channel of candidates) {
      const startedAt = performance.now();
      try {
        const value = await attempt(channel);
        await store.recordSuccess(channel.id, performance.now() - startedAt);
        return { channel, value };
      } catch (error) {
        const elapsedMs = performance.now() - startedAt;
        if (error instanceof UpstreamRejected) {
          // The upstream worked and said no: the channel is healthy and another would say no too.
          store.recordCall(channel.id, true, elapsedMs);
          throw error;
        }
        await store.recordFailure(channel.id, elapsedMs);
        log.warn({ err: error, channel: channel.id }, 'channel failed; trying the next one');
        lastError = error;
      }
    }
    // Made only when needed: an error captures a stack, and this runs on every upstream call.
    throw (
      lastError ??
      new UpstreamUnavailable(
        `no ${service} channel is usable (all disabled or circuits open)`,
        store.coolDownMs,
      )
    );
  }

  const first = channels[0];
  const pollChannel = (service: MediaService, id: string | null | undefined) =>
    (id ? byId.get(id) : undefined) ??
    // Tasks started before channels existed: the channel of the engine that started them.
    channels.find((channel) => channel.service === service && channel.client.pollJob);

  return {
    name: options.name,
    isDevelopmentEngine: options.isDevelopmentEngine,
    async startJob(input, jobOptions) {
      const { channel, value } = await firstAnswer(input.service, (candidate) => {
        if (!candidate.client.startJob) throw new Error(`channel ${candidate.id} cannot start jobs`);
        return candidate.client.startJob(input, jobOptions);
      });
      return {
        upstreamId: value.upstreamId,
        callsBack: value.callsBack,
        channel: channel.id,
        upstreamCostMicros: channel.priceMicros(input.request),
      };
    },
    async pollJob(service, upstreamId, channelId) {
      const channel = pollChannel(service, channelId);
      if (!channel?.client.pollJob) throw new UpstreamUnavailable(`no channel can poll ${service} jobs`);
      return channel.client.pollJob(service, upstreamId);
    },
    async cancelJob(service, upstreamId, channelId) {
      // The channel that took the job decides; one that cannot stop jobs says so.
      const channel = pollChannel(service, channelId);
      if (!channel?.client.cancelJob) return 'unsupported';
      return channel.client.cancelJob(service, upstreamId);
    },
    async scrapeLinkedin(request, scrapeOptions) {
      const { channel, value } = await firstAnswer('linkedin', (candidate) => {
        if (!candidate.client.scrapeLinkedin) throw new Error(`channel ${candidate.id} cannot scrape`);
        return candidate.client.scrapeLinkedin(request, scrapeOptions);
      });
      return { ...value, channel: channel.id, upstreamCostMicros: channel.priceMicros(request) };
    },
    ...(first?.client.upstreamBalance && {
      upstreamBalance: () => (first.client.upstreamBalance as () => Promise<number>)(),
    }),
    channels: (): ChannelInfo[] =>
      channels.map((channel) => ({
        id: channel.id,
        service: channel.service,
        upstream: channel.upstream,
        ...(channel.client.upstreamBalance && { upstreamBalance: channel.client.upstreamBalance }),
      })),
    channelsChanged: () => store.forget(),
    async close() {
      await Promise.all([...new Set(channels.map((channel) => channel.client))].map((c) => c.close?.()));
    },
  };
}
