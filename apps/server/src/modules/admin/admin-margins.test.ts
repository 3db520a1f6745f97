import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAs, type SignedInAccount } from '../../../test/accounts.ts';
import { adminOverSeededCalls } from '../../../test/seeded-calls.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';

/*
 * Upstream cost and gross margin (docs/admin-figures.md, "Cost and margin") on a few seeded calls,
 * worked out by hand. Two payments were made before now: 999 + 3999 = 4998 cents for 100 + 500
 * credits, so a credit kept is worth 4998 / 600 = 8.33 cents.
 */
const NOW = new Date('2027-03-15T12:00:00.000Z');
const TASKS = [
  {
    service: 'image',
    model: 'nano-banana',
    status: 'completed',
    cost: 1,
    channel: 'fal:image',
    micros: 39_000,
    at: '2027-02-10T10:00:00Z',
  },
  {
    service: 'image',
    model: 'seedream-4.5',
    status: 'completed',
    cost: 2,
    channel: 'kie:image',
    micros: 32_500,
    at: '2027-03-02T10:00:00Z',
  },
  {
    service: 'image',
    model: 'seedream-4.5',
    status: 'failed',
    cost: 2,
    channel: null,
    micros: 0,
    at: '2027-03-03T10:00:00Z',
  },
  {
    service: 'video',
    model: 'standard',
    status: 'completed',
    cost: 10,
    channel: 'kie:video',
    micros: 1_250_000,
    at: '2027-03-04T10:00:00Z',
  },
  {
    service: 'linkedin',
    model: null,
    status: 'completed',
    cost: 2,
    channel: 'apify:linkedin',
    micros: 10_000,
    at: '2027-03-05T10:00:00Z',
  },
  {
    service: 'image',
    model: 'nano-banana',
    status: 'completed',
    cost: 1,
    channel: 'kie:image',
    micros: 20_000,
    at: '2027-03-06T10:00:00Z',
  },
  {
    service: 'video',
    model: 'fast',
    status: 'processing',
    cost: 10,
    channel: 'fal:video',
    micros: 3_200_000,
    at: '2027-03-15T11:00:00Z',
  },
] as const;
const zero = (service: string) => ({
  service,
  calls: 0,
  credits: 0,
  earned: 0,
  upstreamCost: 0,
  grossMargin: 0,
});
const model = (id: string, name: string) => ({ id, name });
const NANO_BANANA = model('nano-banana', 'Nano Banana');
const SEEDREAM = model('seedream-4.5', 'Seedream 4.5');

/*
 * March by hand. A credit kept is worth 8.33 cents. Seedream: one completed call (2 credits, 32,500
 * micros = 3.25 -> 3 cents) and one failed and refunded; 2 credits -> 16.66 -> 17 cents. Nano
 * Banana: 1 credit -> 8 cents, 20,000 micros = 2 cents. Image as a whole: 3 credits -> 24.99 -> 25
 * cents, 52,500 micros -> 5 cents. Veo 3.1 Quality: 10 credits -> 83 cents, 125 cents upstream.
 * The running Veo 3.1 Fast call is a model with a call but nothing kept or billed yet. LinkedIn:
 * 2 credits -> 17 cents, 1 cent upstream.
 */
const MARCH_SERVICES = [
  { service: 'image', calls: 2, credits: 3, earned: 25, upstreamCost: 5, grossMargin: 20 },
  { service: 'video', calls: 1, credits: 10, earned: 83, upstreamCost: 125, grossMargin: -42 },
  zero('sora'),
  { service: 'linkedin', calls: 1, credits: 2, earned: 17, upstreamCost: 1, grossMargin: 16 },
];
const MARCH_MODELS = [
  // Seeded calls made before variants were recorded: their variant is null.
  {
    service: 'image',
    model: NANO_BANANA,
    variant: null,
    calls: 1,
    credits: 1,
    earned: 8,
    upstreamCost: 2,
    grossMargin: 6,
  },
  {
    service: 'image',
    model: SEEDREAM,
    variant: null,
    calls: 1,
    credits: 2,
    earned: 17,
    upstreamCost: 3,
    grossMargin: 14,
  },
  { ...zero('video'), model: model('fast', 'Veo 3.1 Fast'), variant: null },
  {
    service: 'video',
    model: model('standard', 'Veo 3.1 Quality'),
    variant: null,
    calls: 1,
    credits: 10,
    earned: 83,
    upstreamCost: 125,
    grossMargin: -42,
  },
  {
    service: 'linkedin',
    model: null,
    variant: null,
    calls: 1,
    credits: 2,
    earned: 17,
    upstreamCost: 1,
    grossMargin: 16,
  },
];

describe('admin cost and margin', () => {
  let runtime: TestRuntime;
  let admin: SignedInAccount;

  beforeAll(async () => {
    const calls = TASKS.map((task) => ({ ...task, refunded: task.status === 'failed' ? task.cost : 0 }));
    ({ runtime, admin } = await adminOverSeededCalls(NOW, 'margin', calls, [
      { cents: 999, credits: 100, at: '2027-02-01T00:00:00Z' },
      { cents: 3999, credits: 500, at: '2027-03-01T00:00:00Z' },
    ]));
  });
  afterAll(() => runtime.close());

  it('revenue: per month, payments less upstream cost; per service, credits kept at the price paid less cost', async () => {
    const { margins } = await readAs(admin, '/api/admin/analytics/revenue');
    expect(margins.map((m: { date: string }) => m.date)).toEqual([
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
    expect(margins[0]).toEqual({
      date: '2026-10',
      revenue: 0,
      upstreamCost: 0,
      grossMargin: 0,
      services: ['image', 'video', 'sora', 'linkedin'].map(zero),
      models: [],
    });
    // February: one image on fal.ai, 39,000 micro-dollars = 3.9 -> 4 cents; 1 credit -> 8.33 -> 8 cents
    const february = { service: 'image', calls: 1, credits: 1, earned: 8, upstreamCost: 4, grossMargin: 4 };
    expect(margins[4]).toEqual({
      date: '2027-02',
      revenue: 999,
      upstreamCost: 4,
      grossMargin: 995,
      services: [february, zero('video'), zero('sora'), zero('linkedin')],
      models: [{ ...february, model: NANO_BANANA, variant: null }],
    });
    // March: the failed image keeps no credit and costs nothing; the processing video counts nowhere yet.
    expect(margins[5]).toEqual({
      date: '2027-03',
      revenue: 3999,
      upstreamCost: 131,
      grossMargin: 3868,
      services: MARCH_SERVICES,
      models: MARCH_MODELS,
    });
  });

  it('features: the last 30 days per service and per model (the February 10 image is outside)', async () => {
    const features = await readAs(admin, '/api/admin/analytics/features');
    expect(features.margins).toEqual(MARCH_SERVICES);
    expect(features.modelMargins).toEqual(MARCH_MODELS);
  });
});
