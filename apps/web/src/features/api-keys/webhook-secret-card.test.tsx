import { WEBHOOK_TEXTS } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COPIED_TEXT } from '../../components/ui/copy-button.tsx';
import { type ApiRoutes, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeKeysResponse } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { maskSecret } from './webhook-secret-card.tsx';

const SECRET = 'whsec_dGVzdC1zZWNyZXQ=';
const NEW_SECRET = 'whsec_bmV3LXNlY3JldC12YWx1ZQ==';
const UNTIL = '2026-01-06T10:00:00.000Z';

async function openCard(routes: ApiRoutes = {}) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/keys': { body: makeKeysResponse() },
    'GET /api/webhooks/secret': { body: { secret: SECRET, rotatedAt: null, previousValidUntil: null } },
    ...routes,
  });
  const user = userEvent.setup();
  renderRoute('/app/api-keys');
  const card = within(await screen.findByRole('region', { name: WEBHOOK_TEXTS.secretTitle }));
  return { api, user, card };
}

describe('webhook signing secret card', () => {
  it('shows the secret masked until Reveal, and Copy copies the whole value', async () => {
    const { user, card } = await openCard();
    expect(card.getByText(maskSecret(SECRET))).toBeInTheDocument();
    expect(card.queryByText(SECRET)).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: WEBHOOK_TEXTS.reveal }));
    expect(card.getByText(SECRET)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: WEBHOOK_TEXTS.hide }));
    expect(card.queryByText(SECRET)).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: WEBHOOK_TEXTS.copy }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(card.getByRole('status')).toHaveTextContent(COPIED_TEXT);
  });

  it('rotates after a confirmation that explains the 24 hours of dual signing, then shows the new secret', async () => {
    const rotated = { secret: NEW_SECRET, rotatedAt: '2026-01-05T10:00:00.000Z', previousValidUntil: UNTIL };
    let current = {
      secret: SECRET,
      rotatedAt: null as string | null,
      previousValidUntil: null as string | null,
    };
    const { api, user, card } = await openCard({
      'GET /api/webhooks/secret': () => ({ body: current }),
      'POST /api/webhooks/secret/rotate': () => {
        current = rotated;
        return { body: { ...rotated, message: WEBHOOK_TEXTS.rotated } };
      },
    });
    await user.click(card.getByRole('button', { name: WEBHOOK_TEXTS.rotateButton }));
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.rotateTitle }));
    expect(dialog.getByText(WEBHOOK_TEXTS.rotateExplanation)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/webhooks/secret/rotate')).toHaveLength(0);

    await user.click(card.getByRole('button', { name: WEBHOOK_TEXTS.rotateButton }));
    const confirm = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.rotateTitle }));
    await user.click(confirm.getByRole('button', { name: WEBHOOK_TEXTS.rotateSubmit }));
    expect(await card.findByText(NEW_SECRET)).toBeInTheDocument();
    expect(card.getByText(WEBHOOK_TEXTS.newSecret)).toBeInTheDocument();
    expect(
      card.getByText(/Deliveries are signed with the previous secret too until Jan 6, 2026/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/webhooks/secret/rotate')).toHaveLength(1);
  }, 15_000);

  it('keeps showing the secret the keys answer carried when its own request fails', async () => {
    const { card } = await openCard({ 'GET /api/webhooks/secret': { status: 500, body: {} } });
    expect(card.getByText(maskSecret(SECRET))).toBeInTheDocument();
  });
});
