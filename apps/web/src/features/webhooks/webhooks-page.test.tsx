import { type DeliveriesResponse, WEBHOOK_TEXTS, type WorkspaceRole } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAlerts } from '../../test/alert-fixtures.ts';
import { type ApiRoutes, makeUser, mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeWorkspaces } from '../../test/team-fixtures.ts';

const NO_DELIVERIES: DeliveriesResponse = { deliveries: [], nextCursor: null };

async function openWebhooks(routes: ApiRoutes = {}, role: WorkspaceRole | null = null) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/workspaces': { body: makeWorkspaces(role) },
    'GET /api/alerts': { body: makeAlerts({ webhookUrl: null }) },
    'GET /api/webhooks/deliveries': { body: NO_DELIVERIES },
    'GET /api/webhooks/secret': {
      body: { secret: 'whsec_dGVzdA==', rotatedAt: null, previousValidUntil: null },
    },
    ...routes,
  });
  const user = userEvent.setup();
  renderRoute('/app/webhooks');
  const card = within(await screen.findByRole('region', { name: WEBHOOK_TEXTS.endpointTitle }));
  // The endpoint and the member's role are loaded: the form or the read-only view is there.
  await waitFor(() =>
    expect(
      card.queryByLabelText(WEBHOOK_TEXTS.urlLabel) ??
        card.queryByText(WEBHOOK_TEXTS.currentEvents, { exact: false }) ??
        card.queryByText(WEBHOOK_TEXTS.noEndpoint),
    ).not.toBeNull(),
  );
  return { api, user, card };
}

describe('Webhooks page', () => {
  it('starts a new account at the endpoint: the empty log says what to do first, and localhost is explained', async () => {
    const { user, card } = await openWebhooks();
    expect(await screen.findByText(WEBHOOK_TEXTS.firstStepNoEndpoint)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: WEBHOOK_TEXTS.secretTitle })).toBeInTheDocument();
    expect(card.getByText(WEBHOOK_TEXTS.localExplanation)).toBeInTheDocument();
    expect(card.getByRole('button', { name: `Copy ${WEBHOOK_TEXTS.localCommand}` })).toBeInTheDocument();
    // Task and account events, every one a box; the test needs a saved endpoint.
    for (const type of ['task.completed', 'task.canceled', 'balance.low']) {
      expect(card.getByRole('checkbox', { name: type })).toBeEnabled();
    }
    expect(card.getByRole('button', { name: WEBHOOK_TEXTS.testButton })).toBeDisabled();
    await user.type(card.getByLabelText(WEBHOOK_TEXTS.urlLabel), 'http://localhost:8000/hook');
    expect(card.getByText(WEBHOOK_TEXTS.localUrlTyped)).toBeInTheDocument();
  }, 15_000);

  it("shows the server's refusal of a private address at the URL field, without the API's field name", async () => {
    const { user, card } = await openWebhooks({
      'PUT /api/webhooks/endpoint': {
        status: 400,
        body: {
          error: `webhookUrl: must be a public address. ${WEBHOOK_TEXTS.listenHint}`,
          code: 'VALIDATION_FAILED',
          field: 'webhookUrl',
          requestId: 'req_test',
        },
      },
    });
    const field = card.getByLabelText(WEBHOOK_TEXTS.urlLabel);
    await user.type(field, 'https://10.0.0.8/hook');
    await user.click(card.getByRole('button', { name: WEBHOOK_TEXTS.saveSubmit }));
    expect(
      await card.findByText(/Must be a public address\. Our servers cannot reach localhost/),
    ).toBeInTheDocument();
    expect(card.queryByText(/webhookUrl:/)).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves the endpoint with its event types, and the test event shows in the log', async () => {
    let webhookUrl: string | null = null;
    let deliveries: DeliveriesResponse = NO_DELIVERIES;
    const { api, user, card } = await openWebhooks({
      'GET /api/alerts': () => ({ body: makeAlerts({ webhookUrl }) }),
      'GET /api/webhooks/deliveries': () => ({ body: deliveries }),
      'PUT /api/webhooks/endpoint': (call) => {
        webhookUrl = (call.body as { webhookUrl: string | null }).webhookUrl;
        return { body: { webhookUrl, eventTypes: [], message: WEBHOOK_TEXTS.saved } };
      },
      'POST /api/webhooks/endpoint/test': () => {
        deliveries = {
          deliveries: [
            {
              id: 'whd_1',
              eventId: 'evt_1',
              eventType: 'webhook.test',
              target: 'endpoint',
              url: 'https://new.example.com/hook',
              status: 'succeeded',
              attempts: 1,
              lastResponseStatus: 204,
              lastError: null,
              nextAttemptAt: null,
              createdAt: '2026-01-05T10:00:00.000Z',
            },
          ],
          nextCursor: null,
        };
        return { body: { isDelivered: true, status: 204, message: WEBHOOK_TEXTS.testDelivered(204) } };
      },
    });
    await user.type(card.getByLabelText(WEBHOOK_TEXTS.urlLabel), 'https://new.example.com/hook');
    await user.click(card.getByRole('checkbox', { name: 'task.completed' }));
    await user.click(card.getByRole('button', { name: WEBHOOK_TEXTS.saveSubmit }));
    await waitFor(() => expect(api.callsTo('PUT /api/webhooks/endpoint')).toHaveLength(1));
    expect(api.callsTo('PUT /api/webhooks/endpoint')[0]?.body).toEqual({
      webhookUrl: 'https://new.example.com/hook',
      eventTypes: ['balance.low', 'payment.succeeded', 'auto_topup.failed', 'key.expiring', 'task.completed'],
    });
    expect(await screen.findByText(WEBHOOK_TEXTS.firstStepWithEndpoint)).toBeInTheDocument();
    const test = card.getByRole('button', { name: WEBHOOK_TEXTS.testButton });
    await waitFor(() => expect(test).toBeEnabled());
    await user.click(test);
    expect(await card.findByText(new RegExp(WEBHOOK_TEXTS.testDelivered(204)))).toBeInTheDocument();
    const log = within(await screen.findByRole('list', { name: 'Deliveries' }));
    expect(log.getByText('webhook.test')).toBeInTheDocument();
  }, 15_000);

  it('a developer sees the endpoint read-only with the reason, and the log', async () => {
    const { card } = await openWebhooks({ 'GET /api/alerts': { body: makeAlerts() } }, 'developer');
    expect(await card.findByText(WEBHOOK_TEXTS.endpointReadOnly)).toBeInTheDocument();
    expect(card.getByText('https://hooks.example.com/conduit')).toBeInTheDocument();
    expect(card.queryByLabelText(WEBHOOK_TEXTS.urlLabel)).not.toBeInTheDocument();
    expect(await screen.findByText(WEBHOOK_TEXTS.firstStepWithEndpoint)).toBeInTheDocument();
  });

  it('a billing member sets the account events only, and sees why the log and task events are not theirs', async () => {
    const { card } = await openWebhooks({}, 'billing');
    expect(card.getByRole('checkbox', { name: 'balance.low' })).toBeEnabled();
    expect(card.getByRole('checkbox', { name: 'task.completed' })).toBeDisabled();
    expect(card.getByText(WEBHOOK_TEXTS.taskEventsNeedCalls)).toBeInTheDocument();
    expect(screen.getByText(WEBHOOK_TEXTS.logNotForRole)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: WEBHOOK_TEXTS.secretTitle })).not.toBeInTheDocument();
  });

  it('a billing member sees an endpoint that receives task events read-only, with why', async () => {
    const alerts = makeAlerts({ webhookEventTypes: ['task.completed', 'balance.low'] });
    const { card } = await openWebhooks({ 'GET /api/alerts': { body: alerts } }, 'billing');
    expect(await card.findByText(WEBHOOK_TEXTS.endpointHasTaskEvents)).toBeInTheDocument();
    expect(card.getByText(`${WEBHOOK_TEXTS.currentEvents}: task.completed, balance.low`)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: WEBHOOK_TEXTS.saveSubmit })).not.toBeInTheDocument();
  });
});
