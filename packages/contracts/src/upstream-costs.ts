// Plain values, no zod: the docs' pricing section and the bench read the table without schema code.
import type { ModelId, Service } from './services.ts';

/**
 * Where a cost figure comes from. kie.ai publishes its prices on https://kie.ai/pricing and on each
 * model's market page (in kie credits, $0.005 each); `copy` names a page that is not kie's own.
 */
export interface CostSource {
  url: string;
  /** A third party's copy or a figure not re-read from the provider's own page (docs/upstreams.md). */
  copy?: string;
}

/**
 * One variant of a catalogue model: the request values that select it (the body as checked, its
 * defaults applied), what the upstream bills for it and what it sells for before an operator sets
 * a price. A model with one row prices every body alike (`when` empty).
 */
export interface ModelVariantCost {
  model: ModelId;
  /** Stored on the task and the quote: `10s-sound`, `4K`; `all` for a model with one price. */
  variant: string;
  label: string;
  when: Readonly<Record<string, string | number | boolean>>;
  /** What one call costs upstream, millionths of a US dollar. */
  upstreamMicros: number;
  /** Its price in credits before an operator sets the model's price. */
  defaultCredits: number;
  source: CostSource;
}

const KIE_PRICING = 'https://kie.ai/pricing';
const kie = (url: string): CostSource => ({ url });
const issueFigure = (url: string): CostSource => ({
  url,
  copy: `kie's published price as quoted in the pricing review (issue 41), checked against ${KIE_PRICING}; no stored copy of the page was found`,
});

const NANO_PRO = 'https://docs.kie.ai/market/google/pro-image-to-image';
const GPT_IMAGE = 'https://docs.kie.ai/market/gpt-image/1-5-text-to-image';
const KLING = 'https://docs.kie.ai/market/kling/text-to-video';
const WAN = 'https://docs.kie.ai/market/wan/2-6-text-to-video';

const one = (
  model: ModelId,
  upstreamMicros: number,
  defaultCredits: number,
  source: CostSource,
): ModelVariantCost => ({
  model,
  variant: 'all',
  label: 'any body',
  when: {},
  upstreamMicros,
  defaultCredits,
  source,
});

const kling = (duration: 5 | 10, sound: boolean, upstreamMicros: number, defaultCredits: number) => ({
  model: 'kling-2.6' as const,
  variant: `${duration}s${sound ? '-sound' : ''}`,
  label: `${duration} s${sound ? ', with sound' : ''}`,
  when: { duration, sound },
  upstreamMicros,
  defaultCredits,
  source: issueFigure(KLING),
});
const wan = (
  resolution: '720p' | '1080p',
  duration: 5 | 10 | 15,
  upstreamMicros: number,
  defaultCredits: number,
) => ({
  model: 'wan-2.6' as const,
  variant: `${resolution}-${duration}s`,
  label: `${resolution}, ${duration} s`,
  when: { resolution, duration },
  upstreamMicros,
  defaultCredits,
  source: issueFigure(WAN),
});

/**
 * What each catalogue model costs upstream, per variant that changes kie's price
 * (docs/upstreams.md, "Costs per variant"). The default variant of each model (its default body) is listed first and
 * sells for the model's default price (model-catalogue.ts). Every variant beyond the specification
 * sells above its cost plus the default margin floor at the cheapest pack's rate (a unit test).
 */
export const MODEL_VARIANT_COSTS: readonly ModelVariantCost[] = [
  one('nano-banana', 20_000, 1, kie('https://docs.kie.ai/market/google/nano-banana')),
  ...(['1K', '2K', '4K'] as const).map((resolution) => ({
    model: 'nano-banana-pro' as const,
    variant: resolution,
    label: resolution,
    when: { resolution },
    upstreamMicros: resolution === '4K' ? 120_000 : 90_000,
    defaultCredits: resolution === '4K' ? 5 : 4,
    source: issueFigure(NANO_PRO),
  })),
  one('seedream-4.5', 32_500, 2, kie('https://docs.kie.ai/market/seedream/4-5-text-to-image')),
  {
    model: 'gpt-image-1.5',
    variant: 'medium',
    label: 'medium quality',
    when: { quality: 'medium' },
    upstreamMicros: 20_000,
    defaultCredits: 3,
    source: issueFigure(GPT_IMAGE),
  },
  {
    model: 'gpt-image-1.5',
    variant: 'high',
    label: 'high quality',
    when: { quality: 'high' },
    upstreamMicros: 110_000,
    defaultCredits: 4,
    source: issueFigure(GPT_IMAGE),
  },
  one('imagen4', 40_000, 2, kie('https://docs.kie.ai/market/google/imagen4')),
  one('imagen4-fast', 20_000, 1, kie('https://docs.kie.ai/market/google/imagen4-fast')),
  one('fast', 300_000, 10, kie('https://docs.kie.ai/veo3-api/generate-veo-3-video')),
  one('standard', 1_250_000, 10, issueFigure('https://docs.kie.ai/veo3-api/generate-veo-3-video')),
  kling(5, false, 275_000, 12),
  kling(10, false, 550_000, 16),
  kling(5, true, 550_000, 16),
  kling(10, true, 1_100_000, 26),
  // kie prices Seedance by resolution and duration; no per-variant figure was found in a copy of
  // its pages, so every body is costed at the figure recorded for the model (its dearest, 1080p 10 s).
  one('seedance-1-pro', 700_000, 14, {
    url: 'https://docs.kie.ai/market/bytedance/v1-pro-text-to-video',
    copy: 'one figure for every resolution and duration: the per-variant prices were not found in a stored copy',
  }),
  wan('1080p', 5, 525_000, 16),
  wan('1080p', 10, 1_050_000, 26),
  wan('1080p', 15, 1_575_000, 38),
  wan('720p', 5, 350_000, 12),
  wan('720p', 10, 700_000, 18),
  wan('720p', 15, 1_050_000, 26),
  one('hailuo-02-pro', 285_000, 12, issueFigure('https://docs.kie.ai/market/hailuo/02-text-to-video-pro')),
];

/** The services without models: Sora's one price, and LinkedIn's (priced by the posts asked for). */
export const SERVICE_UPSTREAM_COSTS = {
  /** kie's Sora watermark remover: 10 kie credits a video. */
  sora: {
    upstreamMicros: 50_000,
    source: {
      url: KIE_PRICING,
      copy: 'the figure recorded since the first release (docs/upstreams.md)',
    } as CostSource,
  },
  /**
   * Apify's LinkedIn actors, their Store pages' defaults: $5 per 1,000 posts and $10 per 1,000
   * profiles, one profile a call (the server reads APIFY_*_PRICE_PER_1000_USD instead).
   */
  linkedin: {
    postMicros: 5_000,
    profileMicros: 10_000,
    source: { url: 'https://apify.com/apimaestro/linkedin-profile-posts' } as CostSource,
  },
} as const satisfies Partial<Record<Service, unknown>>;

/** The variants of a model, its default first. */
export const variantsOfModel = (model: string): ModelVariantCost[] =>
  MODEL_VARIANT_COSTS.filter((row) => row.model === model);

/** The variant a checked body of the model runs as (its defaults applied), or undefined if none. */
export function variantOfRequest(
  model: string,
  request: Record<string, unknown>,
): ModelVariantCost | undefined {
  return variantsOfModel(model).find((row) =>
    Object.entries(row.when).every(([field, value]) => request[field] === value),
  );
}
