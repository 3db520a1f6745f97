import { ALERT_TEXTS, burnRateText, TEAM_TEXTS, WEBHOOK_TEXTS, type WorkspaceRole } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ARMED_ALERT, makeAlerts } from '../../test/alert-fixtures.ts';
import { type ApiRoutes, errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeCredits } from '../../test/credit-fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeWorkspaces } from '../../test/team-fixtures.ts';

async function openAlerts(routes: ApiRoutes = {}, role: WorkspaceRole | null = null) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/workspaces': { body: makeWorkspaces(role) },
    'GET /api/credits': { body: makeCredits() },
    'GET /api/payments': { body: { payments: [] } },
    'GET /api/alerts': { body: makeAlerts() },
    ...routes,
  });
  const user = userEvent.setup();
  renderRoute('/app/credits');
  const card = within(await screen.findByRole('region', { name: ALERT_TEXTS.title }));
  await card.findByText(ALERT_TEXTS.thresholdText(100));
  return { api, user, card };
}

describe('low-balance alerts card', () => {
  it('shows the thresholds with their state, the balance, the burn rate and the endpoint', async () => {
    const { card } = await openAlerts();
    expect(
      card.getByText(`Balance now: 40 credits. ${burnRateText(makeAlerts().burnRate)}`),
    ).toBeInTheDocument();
    expect(card.getByText(/At your last 7 days' rate, about 20 days left/)).toBeInTheDocument();
    const items = card.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(`${ALERT_TEXTS.thresholdText(100)}${ALERT_TEXTS.armed}`),
      expect.stringContaining(ALERT_TEXTS.belowNow),
    ]);
    expect(items[1]).toHaveTextContent('last sent Jan 5, 2026');
    // The endpoint is set up on the Webhooks page: the card says where balance.low goes and links there.
    expect(card.getByText(ALERT_TEXTS.endpointNow('https://hooks.example.com/conduit'))).toBeInTheDocument();
    expect(card.getByRole('link', { name: ALERT_TEXTS.endpointLink })).toHaveAttribute(
      'href',
      '/app/webhooks',
    );
    expect(card.queryByLabelText(WEBHOOK_TEXTS.urlLabel)).not.toBeInTheDocument();
  });

  it('says so when nothing was spent in the last 7 days', async () => {
    const { card } = await openAlerts({
      'GET /api/alerts': {
        body: makeAlerts({ burnRate: { creditsSpentLast7Days: 0, creditsPerDay: 0, daysLeft: null } }),
      },
    });
    expect(card.getByText(/Nothing was spent in the last 7 days/)).toBeInTheDocument();
  });

  it('adds a threshold after checking it, and removes one', async () => {
    let alerts = makeAlerts();
    const { api, user, card } = await openAlerts({
      'GET /api/alerts': () => ({ body: alerts }),
      'POST /api/alerts': (call) => {
        const threshold = (call.body as { threshold: number }).threshold;
        const alert = { id: 'bal_3', threshold, isArmed: true, lastFiredAt: null };
        alerts = { ...alerts, alerts: [alert, ...alerts.alerts] };
        return { status: 201, body: { alert, message: ALERT_TEXTS.added } };
      },
      'DELETE /api/alerts/bal_2': () => {
        alerts = { ...alerts, alerts: alerts.alerts.filter((alert) => alert.id !== 'bal_2') };
        return { body: { message: ALERT_TEXTS.removed } };
      },
    });
    const field = card.getByLabelText(ALERT_TEXTS.thresholdLabel);
    await user.type(field, '2.5');
    await user.click(card.getByRole('button', { name: ALERT_TEXTS.addSubmit }));
    expect(await card.findByText(ALERT_TEXTS.thresholdInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST /api/alerts')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '200');
    await user.click(card.getByRole('button', { name: ALERT_TEXTS.addSubmit }));
    expect(await card.findByText(ALERT_TEXTS.thresholdText(200))).toBeInTheDocument();
    expect(api.callsTo('POST /api/alerts')[0]?.body).toEqual({ threshold: 200 });
    expect(field).toHaveValue('');

    await user.click(card.getByRole('button', { name: ALERT_TEXTS.removeLabel(50) }));
    await waitFor(() => expect(card.queryByText(ALERT_TEXTS.thresholdText(50))).not.toBeInTheDocument());
  });

  it("shows the server's refusal and, at the maximum, no add form", async () => {
    const { user, card } = await openAlerts({
      'POST /api/alerts': errorReply(409, ALERT_TEXTS.thresholdExists(100), 'CONFLICT'),
    });
    await user.type(card.getByLabelText(ALERT_TEXTS.thresholdLabel), '100');
    await user.click(card.getByRole('button', { name: ALERT_TEXTS.addSubmit }));
    expect(await card.findByText(ALERT_TEXTS.thresholdExists(100))).toBeInTheDocument();
  });

  it('hides the add form at 5 alerts', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => ({ ...ARMED_ALERT, id: `bal_${n}`, threshold: n * 20 }));
    const { card } = await openAlerts({ 'GET /api/alerts': { body: makeAlerts({ alerts: five }) } });
    expect(await card.findByText(ALERT_TEXTS.tooMany)).toBeInTheDocument();
    expect(card.queryByLabelText(ALERT_TEXTS.thresholdLabel)).not.toBeInTheDocument();
  });

  it('a developer sees the alerts but cannot change them', async () => {
    const { card } = await openAlerts({}, 'developer');
    expect(card.getByText(ALERT_TEXTS.readOnly)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: ALERT_TEXTS.removeLabel(100) })).not.toBeInTheDocument();
    expect(card.queryByLabelText(ALERT_TEXTS.thresholdLabel)).not.toBeInTheDocument();
    expect(card.getByText(ALERT_TEXTS.endpointNow('https://hooks.example.com/conduit'))).toBeInTheDocument();
    // The page itself says why buying is not there either.
    expect(
      screen.getByText(new RegExp(TEAM_TEXTS.roleForbidden('developer').replace(/[()]/g, '\\$&'))),
    ).toBeInTheDocument();
  });

  it('offers Retry when the alerts fail to load', async () => {
    let isDown = true;
    mockApi({
      'GET /api/auth/me': { body: { user: makeUser() } },
      'GET /api/workspaces': { body: makeWorkspaces(null) },
      'GET /api/credits': { body: makeCredits() },
      'GET /api/payments': { body: { payments: [] } },
      'GET /api/alerts': () =>
        isDown ? errorReply(500, 'Internal server error', 'INTERNAL') : { body: makeAlerts() },
    });
    const user = userEvent.setup();
    renderRoute('/app/credits');
    const card = within(await screen.findByRole('region', { name: ALERT_TEXTS.title }));
    expect(await card.findByText(ALERT_TEXTS.loadFailed)).toBeInTheDocument();
    isDown = false;
    await user.click(card.getByRole('button', { name: 'Retry' }));
    expect(await card.findByText(ALERT_TEXTS.thresholdText(100))).toBeInTheDocument();
  });
});
