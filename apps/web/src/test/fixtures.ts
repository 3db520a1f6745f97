import {
  type ApiKey,
  type CallDetail,
  type DashboardResponse,
  type KeysResponse,
  SERVICES,
  type Service,
  type UsageItem,
} from '@conduit/contracts';

/** A key with no controls (every service, no limits); its preview is derived from its value. */
export function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  const keyValue = overrides.keyValue ?? 'cdt_live_0123456789abcdef';
  return {
    _id: 'key_1',
    keyName: 'Production',
    keyValue,
    keyPreview: `${keyValue.slice(0, keyValue.indexOf('_live_') + 6)}…${keyValue.slice(-4)}`,
    createdAt: '2026-01-05T10:00:00.000Z',
    lastUsedAt: null,
    lastUsedIp: null,
    createdBy: 'dev@example.com',
    permissions: { image: true, video: true, sora: true, linkedin: true },
    spendLimit: null,
    spent: 0,
    spentResetsAt: null,
    rateLimitPerMinute: null,
    ipAllowlist: null,
    expiresAt: null,
    previousKeyValidUntil: null,
    mode: 'live',
    ...overrides,
  };
}

/** A key that may call `services` only, under `spendLimit`; `overrides` set the rest (see makeKey). */
export function makeLimitedKey(
  services: Service[],
  spendLimit: ApiKey['spendLimit'],
  overrides: Partial<ApiKey> = {},
): ApiKey {
  const permissions = Object.fromEntries(SERVICES.map((service) => [service, services.includes(service)]));
  return makeKey({ permissions: permissions as ApiKey['permissions'], spendLimit, ...overrides });
}

export function makeKeysResponse(keys: ApiKey[] = [makeKey()], maxApiKeys = 10): KeysResponse {
  return { keys, maxApiKeys, webhookSecret: 'whsec_dGVzdC1zZWNyZXQ=' };
}

export function makeDashboard(
  overrides: Partial<DashboardResponse['usage']['last30Days']> = {},
  gettingStarted: Partial<DashboardResponse['gettingStarted']> = {},
) {
  return {
    apiProvider: { tier: 'free', maxApiKeys: 10, limits: { perMinute: 60, perHour: 1000, perDay: 10000 } },
    engine: { name: 'local', isDevelopmentEngine: true },
    credits: {
      balance: 1250,
      usageCosts: { imageGeneration: 1, videoGeneration: 10, soraWatermarkRemover: 1, linkedinScraping: 2 },
    },
    apiKeys: { active: 2, maxAllowed: 10 },
    usage: {
      last30Days: {
        totalRequests: 0,
        imageRequests: 0,
        videoRequests: 0,
        soraWatermarkRemoverRequests: 0,
        linkedinRequests: 0,
        creditsByService: { image: 0, video: 0, sora: 0, linkedin: 0 },
        byModel: [],
        ...overrides,
      },
    },
    gettingStarted: { hasCreatedKey: true, hasMadeCall: true, hasBoughtCredits: true, ...gettingStarted },
  } satisfies DashboardResponse;
}

export function makeUsageItem(overrides: Partial<UsageItem> = {}): UsageItem {
  return {
    taskId: 'task_0001',
    createdAt: '2026-01-05T10:00:00.000Z',
    keyId: 'key_1',
    keyName: 'Production',
    service: 'linkedin',
    model: null,
    status: 'completed',
    creditsCharged: 2,
    creditsRefunded: 0,
    rating: null,
    resultUrls: [],
    expiresAt: null,
    metadata: {},
    ...overrides,
  };
}

/** A completed image call, as GET /api/calls/:taskId answers it. */
export function makeCallDetail(overrides: Partial<CallDetail> = {}): CallDetail {
  return {
    taskId: 'task_0001',
    service: 'image',
    model: { id: 'nano-banana', name: 'Nano Banana' },
    status: 'completed',
    request: { prompt: 'A lighthouse at dusk', output_format: 'png', image_size: '16:9' },
    key: { id: 'key_1', name: 'Production', maskedValue: 'cnd_live_…abcd', isDeleted: false },
    createdAt: '2026-01-05T10:00:00.000Z',
    completedAt: '2026-01-05T10:00:02.500Z',
    durationMs: 2500,
    creditsCharged: 1,
    creditsRefunded: 0,
    error: null,
    result: { resultUrls: ['http://localhost/files/task_0001/aaaaaaaaaaaaaaaaaaaa.png'] },
    resultUrls: ['http://localhost/files/task_0001/aaaaaaaaaaaaaaaaaaaa.png'],
    // Kept for a while yet, whenever the test runs.
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    rating: null,
    engine: { name: 'local', isDevelopmentEngine: true },
    metadata: {},
    ...overrides,
  };
}
