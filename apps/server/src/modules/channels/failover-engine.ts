import { CHEAPEST_CREDIT_MICRO_USD, type LinkedinRequest, SERVICE_COST } from '@conduit/contracts';
import pino, { type Logger } from 'pino';
import type { Metrics } from '../../platform/metrics.ts';
import {
  type ChannelInfo,
  type Engine,
  type MediaInput,
  type MediaService,
  UpstreamCreateLost,
  UpstreamPaced,
  UpstreamRejected,
  UpstreamUnavailable,
} from '../engines/engine.ts';
import type { ChannelState, ChannelStore } from './channel-store.ts';

export type ChannelService = MediaService | 'linkedin';

/** The parts of an engine one channel uses: an upstream that serves some of the services. */
export type ChannelUpstream = Partial<
  Pick<
    Engine,
    'startJob' | 'pollJob' | 'cancelJob' | 'scrapeLinkedin' | 'upstreamBalance' | 'upstreamAccounts' | 'close'
  >
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
  /**
   * A second upstream for the service: it serves only while the first cannot, only requests it
   * can honour field for field, and only within the margin floor (`fallbackAllowed`).
   */
  isFallback?: boolean;
  /** Whether the channel can serve this request as asked; all requests when absent. */
  honours?(input: MediaInput): boolean;
}

/**
 * What a customer pays for one call, in millionths of a US dollar: the credits this call pays (the
 * operator's price, its model's variant, a quote's), else the service's published price, at the
 * lowest rate any credit pack sells them (the enterprise pack, 6.3 cents a credit).
 */
export const chargedMicros = (service: ChannelService, credits: number = SERVICE_COST[service]) =>
  Math.floor(credits * CHEAPEST_CREDIT_MICRO_USD);

/**
 * A fallback may take a job only if it serves every field asked for and its price leaves at least
 * the channel's margin floor (percent of the price this call pays; 0 = never below cost).
 */
export function fallbackAllowed(
  channel: ChannelDefinition,
  state: ChannelState,
  input: MediaInput,
  credits?: number,
) {
  if (channel.honours && !channel.honours(input)) return false;
  const charged = chargedMicros(input.service, credits);
  return channel.priceMicros(input.request) <= (charged * (100 - state.marginFloorPercent)) / 100;
}

interface FailoverOptions {
  name: Engine['name'];
  isDevelopmentEngine: boolean;
  channels: ChannelDefinition[];
  store: ChannelStore;
  log?: Logger;
  /** Each upstream call's latency and failures, by channel (conduit_upstream_* in /metrics). */
  metrics?: FailoverMetrics;
}
export type FailoverMetrics = Pick<Metrics, 'upstreamDuration' | 'upstreamErrors'>;

type UpstreamOperation = 'start' | 'poll' | 'scrape';
const outcomeOf = (error: unknown) => (error instanceof UpstreamRejected ? 'rejected' : 'unavailable');

/**
 * One engine over several channels per service: new work goes to the first usable channel by
 * priority; a channel that is down (UpstreamUnavailable: 5xx, timeouts, 455, our account) is
 * counted against its circuit and the next channel is tried in the same step, if it is allowed to
 * serve (`fallbackAllowed`). A pace (UpstreamPaced: the upstream's rate, its 429) is not an
 * outage: the work waits for the same channel, nothing is counted. A rejection (the request itself
 * refused) is not retried elsewhere, nor is a create whose answer was lost (UpstreamCreateLost: the
 * channel may have taken it). Polls go to the channel that took the job. When no channel
 * takes the work, the caller sees UpstreamUnavailable and the task waits and retries as before,
 * refunded only at its deadline.
 */
export function createFailoverEngine(options: FailoverOptions): Engine {
  const { channels, store } = options;
  const log = options.log ?? pino({ level: 'silent' });
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  const registered = store.register(channels);
  registered.catch((error) => log.error({ err: error }, 'could not register the upstream channels'));

  /**
   * The service's channels in the order to try them: enabled, circuit closed or probe claimed,
   * and for a media job, a fallback only where `fallbackAllowed`.
   */
  const usable = async (
    service: ChannelService,
    input?: MediaInput,
    credits?: number,
  ): Promise<ChannelDefinition[]> => {
    await registered;
    const ids = channels.filter((channel) => channel.service === service).map((channel) => channel.id);
    const picked: ChannelDefinition[] = [];
    for (const state of await store.states(ids)) {
      const channel = byId.get(state.id);
      if (!channel || !state.enabled || state.circuit === 'open') continue;
      if (input && channel.isFallback && !fallbackAllowed(channel, state, input, credits)) continue;
      if (state.circuit === 'half-open' && !(await store.claimProbe(state.id))) continue;
      picked.push(channel);
    }
    return picked;
  };

  /** Records one upstream call of `channel`: its latency, and its failure if it failed. */
  const observe = (channel: string, operation: UpstreamOperation, seconds: number, error?: unknown) => {
    const outcome = error === undefined ? 'ok' : outcomeOf(error);
    options.metrics?.upstreamDuration.observe({ channel, operation, outcome }, seconds);
    if (error !== undefined) options.metrics?.upstreamErrors.inc({ channel, operation, reason: outcome });
  };

  /** Runs `attempt` on each usable channel until one answers; rejections end the search. */
  async function firstAnswer<T>(
    service: ChannelService,
    operation: UpstreamOperation,
    attempt: (channel: ChannelDefinition) => Promise<T>,
    input?: MediaInput,
    credits?: number,
  ): Promise<{ channel: ChannelDefinition; value: T }> {
    const candidates = await usable(service, input, credits);
    let lastError: unknown;
    for (const channel of candidates) {
      const startedAt = performance.now();
      try {
        const value = await attempt(channel);
        observe(channel.id, operation, (performance.now() - startedAt) / 1000);
        await store.recordSuccess(channel.id, performance.now() - startedAt);
        return { channel, value };
      } catch (error) {
        const elapsedMs = performance.now() - startedAt;
        // The upstream's rate, not an outage: the work waits for this channel.
        if (error instanceof UpstreamPaced) throw error;
        observe(channel.id, operation, elapsedMs / 1000, error);
        if (error instanceof UpstreamCreateLost) {
          // The channel may have taken the job: never offered to another (that could bill twice).
          await store.recordFailure(channel.id, elapsedMs);
          error.channel = channel.id;
          if (input) error.upstreamCostMicros = channel.priceMicros(input.request);
          throw error;
        }
        if (error instanceof UpstreamRejected) {
          // The upstream worked and said no: the channel is healthy and another would say no too.
          store.recordCall(channel.id, true, elapsedMs);
          if (error.possiblyBilled) {
            error.channel = channel.id;
            if (input) error.upstreamCostMicros = channel.priceMicros(input.request);
          }
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
      const { channel, value } = await firstAnswer(
        input.service,
        'start',
        (candidate) => {
          if (!candidate.client.startJob) throw new Error(`channel ${candidate.id} cannot start jobs`);
          return candidate.client.startJob(input, jobOptions);
        },
        input,
        // The floor is measured against what this call pays, not the service's published price.
        jobOptions.credits,
      );
      return {
        upstreamId: value.upstreamId,
        callsBack: value.callsBack,
        ...(value.upstreamAccount && { upstreamAccount: value.upstreamAccount }),
        channel: channel.id,
        upstreamCostMicros: channel.priceMicros(input.request),
      };
    },
    async pollJob(service, upstreamId, channelId, startedAt, model, account) {
      const channel = pollChannel(service, channelId);
      if (!channel?.client.pollJob) throw new UpstreamUnavailable(`no channel can poll ${service} jobs`);
      const pollStartedAt = performance.now();
      try {
        const state = await channel.client.pollJob(
          service,
          upstreamId,
          channel.id,
          startedAt,
          model,
          account,
        );
        observe(channel.id, 'poll', (performance.now() - pollStartedAt) / 1000);
        return state;
      } catch (error) {
        observe(channel.id, 'poll', (performance.now() - pollStartedAt) / 1000, error);
        throw error;
      }
    },
    async cancelJob(service, upstreamId, channelId) {
      // The channel that took the job decides; one that cannot stop jobs says so.
      const channel = pollChannel(service, channelId);
      if (!channel?.client.cancelJob) return 'unsupported';
      return channel.client.cancelJob(service, upstreamId);
    },
    async scrapeLinkedin(request, scrapeOptions) {
      const { channel, value } = await firstAnswer('linkedin', 'scrape', (candidate) => {
        if (!candidate.client.scrapeLinkedin) throw new Error(`channel ${candidate.id} cannot scrape`);
        return candidate.client.scrapeLinkedin(request, scrapeOptions);
      });
      return { ...value, channel: channel.id, upstreamCostMicros: channel.priceMicros(request) };
    },
    ...(first?.client.upstreamBalance && {
      upstreamBalance: () => (first.client.upstreamBalance as () => Promise<number>)(),
    }),
    ...(first?.client.upstreamAccounts && {
      upstreamAccounts: () => (first.client.upstreamAccounts as NonNullable<Engine['upstreamAccounts']>)(),
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
