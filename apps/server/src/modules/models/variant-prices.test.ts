import {
  CHEAPEST_CREDIT_MICRO_USD,
  DEFAULT_LINKEDIN_PRICING,
  DEFAULT_MARGIN_FLOOR_PERCENT,
  DEFAULT_MODEL,
  linkedinCredits,
  linkedinUpstreamMicros,
  linkedinVariantOf,
  MODEL_VARIANT_COSTS,
  MODELS,
  modelFieldsOf,
  modelSummaryOf,
  PROVIDER_LIMITS,
  SERVICE_COST,
  sellsBelowFloor,
  variantOfRequest,
  variantsOfModel,
} from '@conduit/contracts';
import { describe, expect, it } from 'vitest';

/** The models whose price the specification sets: the services' defaults and Veo 3.1 Quality. */
const SPEC_MODELS = new Set<string>([DEFAULT_MODEL.image, DEFAULT_MODEL.video, 'standard']);

/** Every combination of the values of the fields a model's variants are told apart by. */
function bodiesOf(model: (typeof MODELS)[number]): Record<string, unknown>[] {
  const fields = [...new Set(variantsOfModel(model.id).flatMap((row) => Object.keys(row.when)))];
  let bodies: Record<string, unknown>[] = [{ model: model.id, prompt: 'x' }];
  for (const name of fields) {
    const values = modelFieldsOf(model).find((field) => field.name === name)?.values ?? [true, false];
    bodies = bodies.flatMap((body) => values.map((value) => ({ ...body, [name]: value })));
  }
  return bodies.map((body) => model.request.parse(body) as Record<string, unknown>);
}

describe('the cost and price of every variant (packages/contracts upstream-costs.ts)', () => {
  it('every variant beyond the specification sells above its cost plus the default floor at the cheapest pack', () => {
    const beyond = MODEL_VARIANT_COSTS.filter((row) => !SPEC_MODELS.has(row.model));
    expect(beyond.length).toBeGreaterThan(10);
    const losing = beyond.filter((row) =>
      sellsBelowFloor(row.defaultCredits, row.upstreamMicros, DEFAULT_MARGIN_FLOOR_PERCENT),
    );
    expect(losing.map((row) => `${row.model} ${row.variant}`)).toEqual([]);
  });

  it('the specification prices stay; only Veo 3.1 Quality sells below cost among them', () => {
    for (const id of SPEC_MODELS) expect(variantsOfModel(id)).toHaveLength(1);
    expect(variantsOfModel(DEFAULT_MODEL.image)[0]?.defaultCredits).toBe(SERVICE_COST.image);
    expect(variantsOfModel(DEFAULT_MODEL.video)[0]?.defaultCredits).toBe(SERVICE_COST.video);
    expect(variantsOfModel('standard')[0]?.defaultCredits).toBe(SERVICE_COST.video);
    const below = [...SPEC_MODELS].filter((id) => {
      const [row] = variantsOfModel(id);
      return row && sellsBelowFloor(row.defaultCredits, row.upstreamMicros, DEFAULT_MARGIN_FLOOR_PERCENT);
    });
    expect(below).toEqual(['standard']);
  });

  it("every body of every model is exactly one variant, the default body the model's default price", () => {
    for (const model of MODELS) {
      const variants = variantsOfModel(model.id);
      expect(variants.length, model.id).toBeGreaterThan(0);
      expect(new Set(variants.map((row) => row.variant)).size, model.id).toBe(variants.length);
      const defaultBody = model.request.parse({ model: model.id, prompt: 'x' }) as Record<string, unknown>;
      expect(variantOfRequest(model.id, defaultBody), model.id).toBe(variants[0]);
      expect(variants[0]?.defaultCredits, model.id).toBe(modelSummaryOf(model.id).defaultCredits);
      for (const body of bodiesOf(model)) {
        const matching = variants.filter((row) =>
          Object.entries(row.when).every(([field, value]) => body[field] === value),
        );
        expect(matching, `${model.id} ${JSON.stringify(body)}`).toHaveLength(1);
      }
      for (const row of variants) expect(row.source.url, `${model.id} ${row.variant}`).toMatch(/^https:\/\//);
    }
  });

  it("the issue's kie prices: Veo Quality, Kling 10 s with sound, Wan 15 s 1080p, Nano Banana Pro 4K, GPT Image 1.5, Hailuo", () => {
    const cost = (model: string, body: Record<string, unknown>) =>
      variantOfRequest(model, { ...(modelBody(model) as object), ...body })?.upstreamMicros;
    const modelBody = (id: string) =>
      MODELS.find((model) => model.id === id)?.request.parse({ model: id, prompt: 'x' });
    expect(cost('standard', {})).toBe(1_250_000);
    expect(cost('kling-2.6', { duration: 10, sound: true })).toBe(1_100_000);
    expect(cost('wan-2.6', { duration: 15 })).toBe(1_575_000);
    expect(cost('nano-banana-pro', { resolution: '4K' })).toBe(120_000);
    expect(cost('gpt-image-1.5', { quality: 'high' })).toBe(110_000);
    expect(cost('gpt-image-1.5', { quality: 'medium' })).toBe(20_000);
    expect(cost('hailuo-02-pro', {})).toBe(285_000);
  });

  it('LinkedIn: limit 3 and the default limit cost 2 credits, and no limit sells under cost plus the floor', () => {
    const pricing = DEFAULT_LINKEDIN_PRICING;
    expect(linkedinCredits(3, SERVICE_COST.linkedin, pricing)).toBe(2);
    expect(linkedinCredits(PROVIDER_LIMITS.linkedinLimitDefault, SERVICE_COST.linkedin, pricing)).toBe(2);
    expect(linkedinCredits(100, SERVICE_COST.linkedin, pricing)).toBe(11);
    for (let posts = 1; posts <= PROVIDER_LIMITS.linkedinLimitMax; posts++) {
      const credits = linkedinCredits(posts, SERVICE_COST.linkedin, pricing);
      expect(
        sellsBelowFloor(credits, linkedinUpstreamMicros(posts), DEFAULT_MARGIN_FLOOR_PERCENT),
        `${posts} posts`,
      ).toBe(false);
      // A band is one price: every request of it pays the same.
      const band = linkedinVariantOf(posts, pricing);
      expect(linkedinCredits(band.from, SERVICE_COST.linkedin, pricing)).toBe(credits);
      expect(linkedinCredits(band.to, SERVICE_COST.linkedin, pricing)).toBe(credits);
    }
    // Before per-post pricing, 100 posts sold for 2 credits: $0.126 against $0.51 upstream.
    expect(2 * CHEAPEST_CREDIT_MICRO_USD).toBeLessThan(linkedinUpstreamMicros(100));
  });
});
