import { MESSAGES } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoutes, failingUntilRecovered, makeUser, mockApi, twoPages } from '../../test/api-mock.ts';
import { expectTexts } from '../../test/expect-texts.ts';
import { stubEventSource } from '../../test/fake-event-source.ts';
import { makeDashboard, makeUsageItem } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeWorkspaces } from '../../test/team-fixtures.ts';
import { BILLING_ACTIONS_TITLE, BUY_CREDITS_LABEL } from './billing-actions.tsx';
import { ACTIVE_KEYS_LABEL, CREDITS_SPENT_LABEL } from './dashboard-stats.tsx';
import { DEVELOPMENT_ENGINE_TITLE } from './development-engine-notice.tsx';
import { GETTING_STARTED_TITLE } from './getting-started.tsx';
import { greetingFor } from './greeting.ts';
import { MODEL_USAGE_TITLE } from './model-usage.tsx';
import { USAGE_LOAD_FAILED } from './recent-calls.tsx';

const noUsage = { 'GET /api/usage': { body: { items: [], nextCursor: null } } };

function openDashboard(routes: ApiRoutes) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/dashboard': { body: makeDashboard() },
    'GET /api/workspaces': { body: makeWorkspaces(null) },
    ...noUsage,
    ...routes,
  });
  const user = userEvent.setup();
  renderRoute('/app');
  return { api, user };
}

/** A titled figure or card of the page, found by its name. */
const region = (name: string) => within(screen.getByRole('region', { name }));

describe('dashboard', () => {
  it('greets by the email local part and shows balance, active keys of the maximum and 30-day requests', async () => {
    openDashboard({
      'GET /api/dashboard': { body: makeDashboard({ totalRequests: 1234, linkedinRequests: 1234 }) },
    });
    const balance = await screen.findByRole('region', { name: 'Credits balance' });
    expect(within(balance).getByText('1,250')).toBeInTheDocument();
    expect(region('Active keys').getByText('2 of 10')).toBeInTheDocument();
    expect(region('API requests').getByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/, ada$/);
  });

  it('shows each service with its 30-day requests, credits used and cost per unit', async () => {
    openDashboard({
      'GET /api/dashboard': {
        body: makeDashboard({
          totalRequests: 4,
          videoRequests: 1,
          linkedinRequests: 3,
          creditsByService: { image: 0, video: 0, sora: 0, linkedin: 6 },
        }),
      },
    });
    const linkedin = within(await screen.findByRole('region', { name: 'LinkedIn scraping' }));
    expectTexts(linkedin, ['3 requests', '6 credits used', '2 credits per request']);
    expectTexts(region('Video generation'), [
      '1 request',
      '0 credits used',
      '10 credits per video (default model)',
    ]);
    expect(screen.getByText('4 requests in all. Refunded calls cost nothing.')).toBeInTheDocument();
    expect(region('Image generation').getByText('1 credit per image (default model)')).toBeInTheDocument();
    expect(region('Sora watermark removal').getByText('1 credit per video')).toBeInTheDocument();
  });

  it('lists the calls and credits of the 30 days per model, Sora and LinkedIn by their service', async () => {
    openDashboard({
      'GET /api/dashboard': {
        body: makeDashboard({
          byModel: [
            {
              service: 'image',
              model: { id: 'nano-banana', name: 'Nano Banana' },
              calls: 1200,
              credits: 1180,
            },
            { service: 'image', model: { id: 'seedream-4.5', name: 'Seedream 4.5' }, calls: 3, credits: 4 },
            { service: 'video', model: { id: 'kling-2.6', name: 'Kling 2.6' }, calls: 1, credits: 12 },
            { service: 'linkedin', model: null, calls: 2, credits: 4 },
          ],
        }),
      },
    });
    const table = within(await screen.findByRole('table', { name: MODEL_USAGE_TITLE }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'ModelNano BananaImage generationCalls1,200Credits1,180',
      'ModelSeedream 4.5Image generationCalls3Credits4',
      'ModelKling 2.6Video generationCalls1Credits12',
      'ModelLinkedIn scrapingCalls2Credits4',
    ]);
  });

  it('says so when no model was used in the 30 days', async () => {
    openDashboard({});
    const models = await screen.findByRole('region', { name: MODEL_USAGE_TITLE });
    expect(within(models).getByText('No calls in these days yet.')).toBeInTheDocument();
  });

  it('counts a single request of the 30 days in the singular', async () => {
    openDashboard({ 'GET /api/dashboard': { body: makeDashboard({ totalRequests: 1, videoRequests: 1 }) } });
    expect(await screen.findByText('1 request in all. Refunded calls cost nothing.')).toBeInTheDocument();
  });

  it("shows 'Failed to load dashboard data' with a Retry that loads again", async () => {
    const dashboard = failingUntilRecovered(makeDashboard());
    const { user } = openDashboard({ 'GET /api/dashboard': dashboard.reply });
    expect(await screen.findByText(MESSAGES.dashboardLoadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Credits balance' })).not.toBeInTheDocument();
    dashboard.recover();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Credits balance' })).toHaveTextContent('1,250');
  });

  it('marks the local development engine', async () => {
    openDashboard({});
    expect(await screen.findByRole('complementary', { name: DEVELOPMENT_ENGINE_TITLE })).toHaveTextContent(
      /generated here from your request/,
    );
  });

  it('shows no development notice with a real upstream engine', async () => {
    const kie = { ...makeDashboard(), engine: { name: 'kie', isDevelopmentEngine: false } };
    openDashboard({ 'GET /api/dashboard': { body: kie } });
    await screen.findByRole('region', { name: 'Credits balance' });
    expect(screen.queryByRole('complementary', { name: DEVELOPMENT_ENGINE_TITLE })).not.toBeInTheDocument();
  });

  it('picks the greeting by the hour', () => {
    expect(greetingFor(new Date(2026, 0, 1, 11, 59))).toBe('Good morning');
    expect(greetingFor(new Date(2026, 0, 1, 12, 0))).toBe('Good afternoon');
    expect(greetingFor(new Date(2026, 0, 1, 17, 59))).toBe('Good afternoon');
    expect(greetingFor(new Date(2026, 0, 1, 18, 0))).toBe('Good evening');
  });
});

describe('dashboard: recent calls', () => {
  const firstPage = [
    makeUsageItem({ taskId: 'task_a', keyName: 'Production', service: 'linkedin' }),
    makeUsageItem({
      taskId: 'task_b',
      keyName: 'Staging',
      service: 'video',
      status: 'failed',
      creditsCharged: 10,
      creditsRefunded: 10,
    }),
  ];
  const secondPage = [
    makeUsageItem({
      taskId: 'task_c',
      service: 'image',
      model: { id: 'imagen4', name: 'Imagen 4' },
      status: 'processing',
      creditsCharged: 1,
    }),
  ];

  it('lists calls with key, service, model, status, credits and a link to each call; Load more follows the cursor', async () => {
    const { api, user } = openDashboard({
      'GET /api/usage': twoPages({ items: firstPage }, { items: secondPage }, 'cursor_2'),
    });
    const table = within(await screen.findByRole('table', { name: 'Recent calls' }));
    const rows = () => table.getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    const [linkedin, video] = rows().map((row) => within(row));
    expectTexts(linkedin, ['Production', 'LinkedIn scraping', 'Completed', '2 credits charged']);
    expectTexts(video, ['Failed', '10 credits refunded']);

    expect(linkedin?.getByRole('link', { name: 'Open call task_a' })).toHaveAttribute(
      'href',
      '/app/calls/task_a',
    );
    expect(linkedin?.queryByRole('group', { name: /rat/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await table.findByText('Processing')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(within(rows()[2] as HTMLElement).getByText('1 credit charged')).toBeInTheDocument();
    expect(within(rows()[2] as HTMLElement).getByText('Imagen 4')).toBeInTheDocument();
    expect(linkedin?.getByText('No model')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // StrictMode's second mount may ask for the first page twice; the cursor is asked for once.
    const searches = api.callsTo('GET /api/usage').map((call) => call.search);
    expect(new Set(searches)).toEqual(new Set(['?limit=10', '?limit=10&cursor=cursor_2']));
    expect(searches.at(-1)).toBe('?limit=10&cursor=cursor_2');
  });

  it('links to the CSV export', async () => {
    openDashboard({});
    expect(await screen.findByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/usage/export.csv',
    );
    expect(await screen.findByText(/No calls yet/)).toBeInTheDocument();
  });

  it('says when the history fails to load, and Retry loads it', async () => {
    const usage = failingUntilRecovered({
      items: firstPage,
      nextCursor: null,
    });
    const { user } = openDashboard({ 'GET /api/usage': usage.reply });
    expect(await screen.findByText(USAGE_LOAD_FAILED)).toBeInTheDocument();
    usage.recover();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Recent calls' })).toBeInTheDocument();
  });
});

describe('dashboard of a billing member', () => {
  it('shows spend figures and the per-day chart but no call list, and never asks for it', async () => {
    const { api } = openDashboard({ 'GET /api/workspaces': { body: makeWorkspaces('billing') } });
    expect(await screen.findByRole('region', { name: 'Credits balance' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/workspaces').length).toBeGreaterThan(0));
    await screen.findByRole('heading', { name: 'Usage in the last 30 days' });
    expect(screen.getByRole('heading', { name: MODEL_USAGE_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recent calls' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/usage')).toHaveLength(0);
  });

  it('offers billing actions and credits spent instead of key and playground steps, and opens no event stream', async () => {
    const EventSource = stubEventSource();
    const { api } = openDashboard({
      'GET /api/workspaces': { body: makeWorkspaces('billing') },
      'GET /api/dashboard': {
        body: makeDashboard(
          { creditsByService: { image: 3, video: 20, sora: 0, linkedin: 4 } },
          { hasCreatedKey: false, hasMadeCall: false, hasBoughtCredits: false },
        ),
      },
    });
    const billing = within(await screen.findByRole('region', { name: BILLING_ACTIONS_TITLE }));
    expect(billing.getByRole('link', { name: BUY_CREDITS_LABEL })).toHaveAttribute('href', '/app/credits');
    expect(region(CREDITS_SPENT_LABEL).getByText('27')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: ACTIVE_KEYS_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: GETTING_STARTED_TITLE })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the playground' })).not.toBeInTheDocument();
    expect(EventSource.instances).toHaveLength(0);
    expect(api.calls.filter((call) => call.path === '/api/keys' || call.path === '/api/usage')).toHaveLength(
      0,
    );
  });
});

describe('dashboard of a developer', () => {
  it('keeps the key and playground steps, but buying credits is not offered as an action', async () => {
    stubEventSource();
    openDashboard({
      'GET /api/workspaces': { body: makeWorkspaces('developer') },
      'GET /api/dashboard': { body: makeDashboard({}, { hasMadeCall: false, hasBoughtCredits: false }) },
    });
    const steps = within(await screen.findByRole('region', { name: GETTING_STARTED_TITLE }));
    expect(steps.getByRole('link', { name: 'Open the playground' })).toBeInTheDocument();
    expect(steps.queryByRole('link', { name: 'Buy credits' })).not.toBeInTheDocument();
    expect(region(ACTIVE_KEYS_LABEL).getByText('2 of 10')).toBeInTheDocument();
  });
});
