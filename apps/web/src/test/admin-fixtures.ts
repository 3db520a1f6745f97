import type {
  AdminDashboardResponse,
  AdminFeaturesResponse,
  AdminHealthResponse,
  AdminRevenueResponse,
  AdminUser,
  AuditEntry,
} from '@conduit/contracts';
import { makeUser } from './api-mock.ts';

export const makeAdmin = () => makeUser({ _id: 'usr_admin', email: 'root@example.com', role: 'admin' });

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: 'usr_1',
    email: 'user1@example.com',
    name: null,
    plan: 'free',
    tier: 'free',
    role: 'user',
    isActive: true,
    emailVerified: true,
    lastLogin: '2026-01-05T10:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    balance: 20,
    maxApiKeys: 10,
    rateLimits: { perMinute: null, perHour: null, perDay: null },
    ...overrides,
  };
}

/** `count` accounts named user{from}..., newest first as the server sends them. */
export const makeAdminUsers = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) =>
    makeAdminUser({ _id: `usr_${from + index}`, email: `user${from + index}@example.com` }),
  );

export function makeAdminDashboard(
  overrides: Partial<AdminDashboardResponse['overview']> = {},
): AdminDashboardResponse {
  return {
    overview: {
      users: { total: 1534, new: 120, active: 999, churnRate: 4.25 },
      teams: { total: 12, active: 9 },
      revenue: { total: 1_250_000, arpu: 3999 },
      system: { uptime: 93_784, responseTime: 12.4 },
      ...overrides,
    },
  };
}

/** YYYY-MM of the month `back` months before the current one (UTC). */
export function monthAgo(back: number, now = new Date()) {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Upstream cost and gross margin per service, in cents. */
export function makeMargins(): AdminFeaturesResponse['margins'] {
  return [
    { service: 'image', calls: 1480, credits: 1480, earned: 10_360, upstreamCost: 2_960, grossMargin: 7_400 },
    { service: 'video', calls: 37, credits: 370, earned: 2_590, upstreamCost: 1_110, grossMargin: 1_480 },
    { service: 'sora', calls: 0, credits: 0, earned: 0, upstreamCost: 0, grossMargin: 0 },
    { service: 'linkedin', calls: 18, credits: 36, earned: 252, upstreamCost: 180, grossMargin: 72 },
  ];
}

/** The same per model: the image service's two models, the video service's one, LinkedIn's calls. */
export function makeModelMargins(): AdminFeaturesResponse['modelMargins'] {
  return [
    {
      service: 'image',
      model: { id: 'nano-banana', name: 'Nano Banana' },
      variant: null,
      calls: 1280,
      credits: 1280,
      earned: 8_960,
      upstreamCost: 2_560,
      grossMargin: 6_400,
    },
    {
      service: 'image',
      model: { id: 'seedream-4.5', name: 'Seedream 4.5' },
      variant: null,
      calls: 200,
      credits: 200,
      earned: 1_400,
      upstreamCost: 400,
      grossMargin: 1_000,
    },
    {
      service: 'video',
      model: { id: 'standard', name: 'Veo 3.1 Quality' },
      variant: null,
      calls: 37,
      credits: 370,
      earned: 2_590,
      upstreamCost: 4_625,
      grossMargin: -2_035,
    },
    {
      service: 'linkedin',
      model: null,
      variant: null,
      calls: 18,
      credits: 36,
      earned: 252,
      upstreamCost: 180,
      grossMargin: 72,
    },
  ];
}

/** Six months ending with the current one, as the server reports them. */
export function makeRevenue(): AdminRevenueResponse {
  return {
    revenueData: [
      { date: monthAgo(5), revenue: { total: 0 }, growthRate: null },
      { date: monthAgo(4), revenue: { total: 3999 }, growthRate: null },
      { date: monthAgo(3), revenue: { total: 7998 }, growthRate: 100 },
      { date: monthAgo(2), revenue: { total: 6999 }, growthRate: -12.5 },
      { date: monthAgo(1), revenue: { total: 6999 }, growthRate: 0 },
      { date: monthAgo(0), revenue: { total: 150_000 }, growthRate: 2043.1 },
    ],
    margins: [
      {
        date: monthAgo(0),
        revenue: 150_000,
        upstreamCost: 4_250,
        grossMargin: 145_750,
        services: makeMargins(),
        models: makeModelMargins(),
      },
    ],
  };
}

export function makeFeatures(): AdminFeaturesResponse {
  return {
    features: [
      { feature: 'image', totalUsers: 12, totalActions: 1500, averageRating: 4.25, errorRate: 1.2 },
      { feature: 'video', totalUsers: 3, totalActions: 40, averageRating: null, errorRate: 7.5 },
      { feature: 'sora', totalUsers: 0, totalActions: 0, averageRating: null, errorRate: 0 },
      { feature: 'linkedin', totalUsers: 2, totalActions: 2_500_000, averageRating: 3, errorRate: 4.99 },
    ],
    margins: makeMargins(),
    models: [
      {
        service: 'image',
        model: { id: 'nano-banana', name: 'Nano Banana' },
        totalActions: 1300,
        averageRating: 4.5,
        errorRate: 0.5,
      },
      {
        service: 'image',
        model: { id: 'seedream-4.5', name: 'Seedream 4.5' },
        totalActions: 200,
        averageRating: 2.5,
        errorRate: 6,
      },
      { service: 'video', model: null, totalActions: 40, averageRating: null, errorRate: 7.5 },
      { service: 'linkedin', model: null, totalActions: 2_500_000, averageRating: 3, errorRate: 4.99 },
    ],
    modelMargins: makeModelMargins(),
  };
}

export function makeHealth(overrides: Partial<AdminHealthResponse['health']> = {}): AdminHealthResponse {
  return {
    health: { status: 'degraded', uptime: 3_700, responseTime: 8, errorRate: 0.5, ...overrides },
    checks: [
      { name: 'database', status: 'ok', detail: 'PostgreSQL answered in 2 ms', value: 2 },
      { name: 'job_queue', status: 'warn', detail: '1,200 jobs waiting', value: 1200 },
      {
        name: 'ledger',
        status: 'fail',
        detail: '1 account whose entries do not sum to its balance',
        value: 1,
      },
    ],
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'aud_1',
    at: '2026-01-05T10:00:00.000Z',
    actorId: 'usr_admin',
    actorEmail: 'root@example.com',
    action: 'credits.adjusted',
    targetUserId: 'usr_1',
    targetEmail: 'user1@example.com',
    details: { amount: 50, reason: 'Goodwill' },
    ...overrides,
  };
}
