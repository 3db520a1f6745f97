import type { AlertsResponse, BalanceAlert } from '@conduit/contracts';

export const ARMED_ALERT: BalanceAlert = { id: 'bal_1', threshold: 100, isArmed: true, lastFiredAt: null };
export const FIRED_ALERT: BalanceAlert = {
  id: 'bal_2',
  threshold: 50,
  isArmed: false,
  lastFiredAt: '2026-01-05T10:00:00.000Z',
};

/** GET /api/alerts: two alerts (one armed, one fired), 14 credits spent in 7 days, an endpoint. */
export function makeAlerts(overrides: Partial<AlertsResponse> = {}): AlertsResponse {
  return {
    alerts: [ARMED_ALERT, FIRED_ALERT],
    maxAlerts: 5,
    balance: 40,
    burnRate: { creditsSpentLast7Days: 14, creditsPerDay: 2, daysLeft: 20 },
    webhookUrl: 'https://hooks.example.com/conduit',
    webhookEventTypes: ['balance.low', 'payment.succeeded', 'auto_topup.failed', 'key.expiring'],
    webhookDisabledAt: null,
    ...overrides,
  };
}
