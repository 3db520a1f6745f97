import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildChannels } from '../src/modules/channels/build-channels.ts';
import { createChannelStore } from '../src/modules/channels/channel-store.ts';
import { createFailoverEngine } from '../src/modules/channels/failover-engine.ts';
import { createFalEngine } from '../src/modules/engines/fal-engine.ts';
import { createKieEngine, type KieEngineOptions } from '../src/modules/engines/kie-engine.ts';
import type { Services } from '../src/platform/services.ts';
import type { FakeApify } from './fake-apify.ts';
import { type FakeFal, startFakeFal } from './fake-fal.ts';
import { type FakeKie, startFakeKie } from './fake-kie.ts';
import type { TestRuntime } from './test-runtime.ts';

const silent = pino({ level: 'silent' });

type KieEnv = Parameters<typeof createKieEngine>[0];

/** The kie.ai engine on `env`'s kie settings, with no Apify (LinkedIn) behind it unless `env` names one; silent unless `options` log. */
export function kieEngineOn(
  env: Omit<KieEnv, 'APIFY_TOKEN' | 'APIFY_BASE_URL'> & Partial<KieEnv>,
  options: KieEngineOptions = {},
) {
  return createKieEngine(
    { APIFY_TOKEN: undefined, APIFY_BASE_URL: 'http://127.0.0.1:9', ...env },
    { log: silent, ...options },
  );
}

/** kie.ai first (the fake `kie`, with `kieEnv`'s extra settings) and fal.ai second, as production builds them. */
export function kieThenFal(
  services: Services,
  upstreams: { kie: FakeKie; fal: FakeFal },
  options: { requestTimeoutMs: number; kieEnv?: { KIE_WEBHOOK_HMAC_KEY?: string; PUBLIC_URL?: string } },
) {
  const { kie, fal } = upstreams;
  const kieEngine = kieEngineOn(
    { KIE_API_KEY: kie.apiKey, KIE_BASE_URL: kie.url, ...options.kieEnv },
    { requestTimeoutMs: options.requestTimeoutMs },
  );
  const falEngine = createFalEngine({ FAL_KEY: fal.key, FAL_BASE_URL: fal.url }, { log: silent });
  return createFailoverEngine({
    name: 'kie',
    isDevelopmentEngine: false,
    channels: buildChannels(
      { PROVIDER_ENGINE: 'kie', FAL_KEY: fal.key, FAL_BASE_URL: fal.url },
      kieEngine,
      silent,
      falEngine,
    ),
    store: createChannelStore(services.pool, { threshold: 1_000 }),
    log: silent,
  });
}

/** The fake kie.ai's signed callbacks, which name our public URL, delivered to the app itself. */
export function deliverKieCallbacks(kie: FakeKie, runtime: TestRuntime) {
  kie.deliver = async (callback) => {
    const url = new URL(callback.url);
    await runtime.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: callback.headers,
      payload: callback.body,
    });
  };
}

/** The app's settings for the kie engine on the fake kie.ai, with LinkedIn on the fake Apify. */
export const kieWithApifyEnv = (kie: FakeKie, apify: FakeApify) => ({
  PROVIDER_ENGINE: 'kie',
  KIE_API_KEY: kie.apiKey,
  KIE_BASE_URL: kie.url,
  APIFY_TOKEN: apify.token,
  APIFY_BASE_URL: apify.url,
});

/**
 * What a kie engine test file works against: the fake kie.ai, started before its tests, closed after
 * them and set back to `settings` before each one, and a logger for the engine whose lines (at
 * `level` and above) the current test reads in `logged`.
 */
export function fakeKieForTests(
  settings: { pendingPolls: number; nullRecordMs?: number },
  level: pino.Level,
) {
  const bench = {
    fake: undefined as unknown as FakeKie,
    logged: [] as Record<string, unknown>[],
    log: pino({ level }, { write: (line: string) => void bench.logged.push(JSON.parse(line)) }),
  };
  beforeAll(async () => {
    bench.fake = await startFakeKie(settings);
  });
  afterAll(() => bench.fake.close());
  beforeEach(() => {
    bench.logged = [];
    Object.assign(bench.fake, settings);
  });
  return bench;
}

/**
 * A test file's fake kie.ai (on `kieOptions`) and fake fal.ai, both one poll from done: started
 * before its tests and handed over through `use`, closed after them. kie's create limit is lifted:
 * these engines run unpaced (pacing has its own tests), and its 20 creates per 10 s would 429 them.
 */
export function withFakeKieAndFal(
  kieOptions: Parameters<typeof startFakeKie>[0],
  use: (fakes: { kie: FakeKie; fal: FakeFal }) => void,
) {
  let fakes: { kie: FakeKie; fal: FakeFal } | undefined;
  beforeAll(async () => {
    fakes = { kie: await startFakeKie(kieOptions), fal: await startFakeFal({ pendingPolls: 1 }) };
    fakes.kie.createLimit = 10_000;
    use(fakes);
  });
  afterAll(async () => {
    await Promise.all([fakes?.kie.close(), fakes?.fal.close()]);
  });
}
