import type { AdminReconciliationResponse } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeAdminDashboard,
  makeFeatures,
  makeRevenue,
  monthAgo,
} from '../../test/admin-fixtures.ts';
import { type ApiRoutes, mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { formatMonth } from './admin-format.ts';

function openAdmin(path: string, routes: ApiRoutes = {}) {
  mockApi({
    'GET /api/auth/me': { body: { user: makeAdmin() } },
    'GET /api/admin/dashboard': { body: makeAdminDashboard() },
    'GET /api/admin/analytics/revenue': { body: makeRevenue() },
    'GET /api/admin/analytics/features': { body: makeFeatures() },
    ...routes,
  });
  renderRoute(path);
}

/** Each body row of a table, as its text: the phone labels are in it too, which keeps cells apart. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

const SEEDREAM = { id: 'seedream-4.5', name: 'Seedream 4.5' };
const money = (calls: number, kept: number, costMicros: number, refundedButBilled = 0) => ({
  calls,
  creditsCharged: kept + refundedButBilled * 2,
  creditsKept: kept,
  earnedMicros: kept * 100_000,
  upstreamCostMicros: costMicros,
  marginMicros: kept * 100_000 - costMicros,
  refundedButBilled,
});
const RECONCILIATION: AdminReconciliationResponse = {
  creditPriceMicros: 100_000,
  models: [
    { service: 'image', model: SEEDREAM, variant: 'all', ...money(3, 4, 65_000, 1) },
    { service: 'sora', model: null, variant: null, ...money(1, 1, 50_000) },
  ],
  days: [
    { date: '2027-03-15', service: 'sora', model: null, variant: null, ...money(1, 1, 50_000) },
    { date: '2027-03-14', service: 'image', model: SEEDREAM, variant: 'all', ...money(3, 4, 65_000, 1) },
  ],
  refundedButBilled: [
    {
      taskId: 'task_refunded',
      service: 'image',
      model: SEEDREAM,
      channel: 'kie:image',
      createdAt: '2027-03-14T10:00:00.000Z',
      creditsRefunded: 2,
      upstreamCostMicros: 32_500,
      error: 'The generation failed upstream',
    },
  ],
};

describe('admin figures by model', () => {
  it('features: actions, rating and error rate per model, then cost and margin per model', async () => {
    openAdmin('/admin?tab=features');
    const usage = await screen.findByRole('table', { name: 'Use by model, last 30 days' });
    expect(rowsOf(usage)).toEqual([
      'ModelNano BananaImage generationActions1.3KAverage rating4.5/ 5Error rate0.5%Good',
      'ModelSeedream 4.5Image generationActions200Average rating2.5/ 5Error rate6%High',
      `ModelVideo generation, model not recordedActions40Average ratingNo ratings yetError rate7.5%High`,
      'ModelLinkedIn scrapingActions2.5MAverage rating3.0/ 5Error rate5%Good',
    ]);
    const margins = screen.getByRole('table', {
      name: 'Upstream cost and gross margin by model, last 30 days',
    });
    expect(rowsOf(margins)[2]).toBe(
      'ModelVeo 3.1 QualityVideo generationCompleted calls37Credits kept370Earned$25.90Upstream cost$46.25Gross margin-$20.35',
    );
  });

  it('revenue: the newest month per model; reconciliation per model, and the model of each day and task', async () => {
    openAdmin('/admin?tab=revenue', {
      'GET /api/admin/analytics/reconciliation': { body: RECONCILIATION },
    });
    const byModel = await screen.findByRole('table', { name: `By model, ${formatMonth(monthAgo(0))}` });
    expect(rowsOf(byModel)[1]).toBe(
      'ModelSeedream 4.5Image generationCompleted calls200Credits kept200Earned$14.00Upstream cost$4.00Gross margin$10.00',
    );
    const totals = await screen.findByRole('table', { name: 'Charged against billed upstream, by model' });
    expect(rowsOf(totals)).toEqual([
      'ModelSeedream 4.5Image generationCalls3Credits kept4 of 6Earned$0.400Upstream cost$0.065Margin$0.335Refunded, billed1',
      'ModelSora watermark removalCalls1Credits kept1 of 1Earned$0.100Upstream cost$0.050Margin$0.050Refunded, billed0',
    ]);
    const days = screen.getByRole('table', {
      name: 'Charged against billed upstream, by day, service and model',
    });
    expect(within(days).getAllByRole('row')[2]).toHaveTextContent(
      '2027-03-14ServiceImage generationModelSeedream 4.5',
    );
    expect(within(days).getAllByRole('row')[1]).toHaveTextContent('ModelnoneCalls1');
    const refunded = within(screen.getByRole('table', { name: 'Refunded but billed upstream' }));
    expect(refunded.getByRole('row', { name: /task_refunded/ })).toHaveTextContent('ModelSeedream 4.5');
  });
});
