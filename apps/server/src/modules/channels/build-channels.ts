import {
  type LinkedinRequest,
  linkedinPostsAskedFor,
  linkedinUpstreamMicros,
  MODEL_VARIANT_COSTS,
  modelOfBody,
  SERVICE_UPSTREAM_COSTS,
  type VideoRequest,
  variantOfRequest,
  variantsOfModel,
} from '@conduit/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Engine, MediaInput } from '../engines/engine.ts';
import { createFalEngine, falHonours } from '../engines/fal-engine.ts';
import type { ChannelDefinition, ChannelService, ChannelUpstream } from './failover-engine.ts';

export const FAL_DEFAULT_BASE_URL = 'https://queue.fal.run';

type Request = MediaInput['request'] | LinkedinRequest;
const videoModel = (request: Request) =>
  (request as VideoRequest).model === 'standard' ? 'standard' : 'fast';

/**
 * kie's price of the call's variant (packages/contracts upstream-costs.ts): the body as stored is
 * the checked one, its defaults applied. A body of no known model is costed as the service's default.
 */
const kieVariantMicros = (service: 'image' | 'video') => (request: Request) => {
  const model = modelOfBody(service, request) ?? modelOfBody(service, {});
  const id = model?.id ?? '';
  const variant = variantOfRequest(id, request as Record<string, unknown>) ?? variantsOfModel(id)[0];
  return variant?.upstreamMicros ?? (MODEL_VARIANT_COSTS[0]?.upstreamMicros as number);
};

/**
 * What each upstream charges us per call, in millionths of a US dollar
 * (docs/upstreams.md, "Costs upstream and our prices"): kie's price of the call's variant; fal's
 * list prices, Veo 3.1 for an 8-second video with audio; Apify's for the posts asked for.
 */
export const CHANNEL_PRICES = {
  kie: {
    image: kieVariantMicros('image'),
    video: kieVariantMicros('video'),
    sora: () => SERVICE_UPSTREAM_COSTS.sora.upstreamMicros,
  },
  fal: {
    image: () => 39_000,
    video: (request: Request) => (videoModel(request) === 'standard' ? 3_200_000 : 1_200_000),
  },
  apify: {
    linkedin: (request: Request) => linkedinUpstreamMicros(linkedinPostsAskedFor(request as LinkedinRequest)),
  },
  local: { free: () => 0 },
} as const;

/** One upstream serving one service, named `upstream:service`. */
const channel = (
  upstream: string,
  service: ChannelService,
  priority: number,
  client: ChannelUpstream,
  priceMicros: ChannelDefinition['priceMicros'],
): ChannelDefinition => ({ id: `${upstream}:${service}`, service, upstream, priority, client, priceMicros });

type ChannelConfig = Pick<Config, 'PROVIDER_ENGINE' | 'FAL_KEY' | 'FAL_BASE_URL'>;

/**
 * The channels of each service, in their default order: kie.ai first for image, video and Sora,
 * fal.ai second for image and video when FAL_KEY is set, Apify for LinkedIn. The local engine is
 * one channel per service.
 */
export function buildChannels(
  config: ChannelConfig,
  base: Engine,
  log: Logger,
  fal?: ChannelUpstream,
): ChannelDefinition[] {
  if (base.name === 'local') {
    return (['image', 'video', 'sora', 'linkedin'] as const).map((service) =>
      channel('local', service, 10, base, CHANNEL_PRICES.local.free),
    );
  }
  const falClient =
    fal ??
    (config.FAL_KEY
      ? createFalEngine(
          { FAL_KEY: config.FAL_KEY, FAL_BASE_URL: config.FAL_BASE_URL ?? FAL_DEFAULT_BASE_URL },
          { log },
        )
      : undefined);
  const kie = (service: 'image' | 'video' | 'sora') =>
    channel('kie', service, 10, base, CHANNEL_PRICES.kie[service]);
  const falChannel = (service: 'image' | 'video') =>
    falClient
      ? [
          {
            ...channel('fal', service, 20, falClient, CHANNEL_PRICES.fal[service]),
            isFallback: true,
            honours: falHonours,
          },
        ]
      : [];
  return [
    kie('image'),
    ...falChannel('image'),
    kie('video'),
    ...falChannel('video'),
    kie('sora'),
    channel('apify', 'linkedin', 10, { scrapeLinkedin: base.scrapeLinkedin }, CHANNEL_PRICES.apify.linkedin),
  ];
}
