import { DAILY_USAGE_ROUTE } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoutes, failingUntilRecovered, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeDashboard } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeDailyUsage } from '../../test/usage-fixtures.ts';
import { integerTicks } from './chart-scale.ts';
import {
  DAILY_USAGE_LOAD_FAILED,
  NO_CALLS_YET,
  THIS_MONTH_LABEL,
  USAGE_CHART_TITLE,
} from './usage-chart-section.tsx';

function openDashboard(routes: ApiRoutes) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/dashboard': { body: makeDashboard() },
    'GET /api/usage': { body: { items: [], nextCursor: null } },
    ...routes,
  });
  renderRoute('/app');
  return { api, user: userEvent.setup() };
}

const usage = makeDailyUsage(
  {
    '2026-11-21': { calls: { image: 2, linkedin: 1 }, credits: { image: 1, linkedin: 2 } },
    '2026-11-30': { calls: { video: 1 }, credits: { video: 10 } },
  },
  { month: '2026-11', calls: 4, credits: 13 },
);

describe('dashboard: the 30-day chart', () => {
  it("asks for the browser's time zone and draws calls per day, then credits", async () => {
    const { api, user } = openDashboard({ [`GET ${DAILY_USAGE_ROUTE.path}`]: { body: usage } });
    const section = within(await screen.findByRole('region', { name: USAGE_CHART_TITLE }));
    const chart = await section.findByRole('img');
    expect(chart).toHaveAccessibleName('4 calls in the last 30 days, most on Nov 21 (3)');
    const search = new URLSearchParams(api.callsTo(`GET ${DAILY_USAGE_ROUTE.path}`)[0]?.search);
    expect(search.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    await user.click(section.getByRole('button', { name: 'Credits' }));
    expect(section.getByRole('button', { name: 'Credits' })).toHaveAttribute('aria-pressed', 'true');
    expect(section.getByRole('img')).toHaveAccessibleName(
      '13 credits in the last 30 days, most on Nov 30 (10)',
    );
    const days = chart.querySelectorAll('g[data-date]');
    expect(days).toHaveLength(30);
    expect(chart.querySelector('g[data-date="2026-11-21"] title')).toHaveTextContent(
      'Nov 21: 3 credits: Image generation 1, LinkedIn scraping 2',
    );
  });

  it("shows this month's spend and the figures as a table", async () => {
    const { user } = openDashboard({ [`GET ${DAILY_USAGE_ROUTE.path}`]: { body: usage } });
    const section = within(await screen.findByRole('region', { name: USAGE_CHART_TITLE }));
    const month = within(await section.findByRole('region', { name: THIS_MONTH_LABEL }));
    expect(month.getByText('13 credits')).toBeInTheDocument();
    expect(month.getByText('4 calls in November 2026')).toBeInTheDocument();

    await user.click(section.getByText('Show the numbers'));
    const rows = within(section.getByRole('table')).getAllByRole('row').slice(1);
    const cells = rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Nov 30', '0', '1', '0', '0', '1'],
      ['Nov 21', '2', '0', '0', '1', '3'],
    ]);
  });

  it('a new account: no empty chart, but "No calls yet" and where to make the first call', async () => {
    openDashboard({
      [`GET ${DAILY_USAGE_ROUTE.path}`]: {
        body: makeDailyUsage({}, { month: '2026-11', calls: 0, credits: 0 }),
      },
    });
    const section = within(await screen.findByRole('region', { name: USAGE_CHART_TITLE }));
    expect(await section.findByText(NO_CALLS_YET)).toBeInTheDocument();
    expect(section.queryByRole('img')).not.toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Playground' })).toHaveAttribute('href', '/app/playground');
    expect(section.getByRole('link', { name: 'API Keys' })).toHaveAttribute('href', '/app/api-keys');
  });

  it('says when the daily usage fails to load, and Retry loads it', async () => {
    const dailyUsage = failingUntilRecovered(usage);
    const { user } = openDashboard({ [`GET ${DAILY_USAGE_ROUTE.path}`]: dailyUsage.reply });
    const section = within(await screen.findByRole('region', { name: USAGE_CHART_TITLE }));
    expect(await section.findByText(DAILY_USAGE_LOAD_FAILED)).toBeInTheDocument();
    dailyUsage.recover();
    await user.click(section.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(section.getByRole('img')).toBeInTheDocument());
  });

  it('puts whole-number grid lines under any count', () => {
    expect(integerTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(integerTicks(3)).toEqual([0, 1, 2, 3, 4]);
    expect(integerTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(13)).toEqual([0, 5, 10, 15]);
    expect(integerTicks(130)).toEqual([0, 50, 100, 150]);
  });
});
