import { KEY_TEXTS, keyLimitMessage } from '@conduit/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COPIED_TEXT } from '../../components/ui/copy-button.tsx';
import { type ApiRoutes, errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeKey, makeKeysResponse } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';

const PRODUCTION = makeKey();
const STAGING = makeKey({
  _id: 'key_2',
  keyName: 'Staging',
  keyValue: 'cdt_live_fedcba9876543210',
  lastUsedAt: '2026-01-06T12:00:00.000Z',
});

async function openKeys(routes: ApiRoutes = {}, hasFakeTimers = false) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/keys': { body: makeKeysResponse([PRODUCTION, STAGING]) },
    ...routes,
  });
  const user = userEvent.setup(hasFakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  renderRoute('/app/api-keys');
  await screen.findByRole('heading', { level: 1, name: 'API Keys' });
  return { api, user };
}

const keyItem = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('li') as HTMLElement);

describe('API keys: list', () => {
  it('shows each key with its value, dates and permissions, the count of the maximum and the webhook secret', async () => {
    await openKeys();
    const production = await keyItem('Production');
    expect(production.getByRole('button', { name: `Copy ${PRODUCTION.keyValue}` })).toBeInTheDocument();
    expect(production.getByText('Jan 5, 2026')).toBeInTheDocument();
    expect(production.getByText('Never')).toBeInTheDocument();
    for (const label of ['Image', 'Video', 'Sora', 'LinkedIn']) {
      expect(production.getByText(label)).toBeInTheDocument();
    }
    const staging = await keyItem('Staging');
    expect(staging.queryByText('Never')).not.toBeInTheDocument();
    expect(screen.getByText('2 of 10 keys')).toBeInTheDocument();

    const secret = screen.getByRole('region', { name: 'Webhook signing secret' });
    expect(within(secret).getByRole('button', { name: 'Copy whsec_dGVzdC1zZWNyZXQ=' })).toBeInTheDocument();
    expect(within(secret).getByText(/callBackUrl/)).toBeInTheDocument();
  });

  it("shows 'Failed to load API keys' with a Retry that loads again", async () => {
    let isDown = true;
    const { user } = await openKeys({
      'GET /api/keys': () => (isDown ? errorReply(403, 'Forbidden') : { body: makeKeysResponse() }),
    });
    expect(await screen.findByText(KEY_TEXTS.loadFailed)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Production' })).toBeInTheDocument();
  });

  it('disables Create at the maximum and says why', async () => {
    await openKeys({ 'GET /api/keys': { body: makeKeysResponse([PRODUCTION, STAGING], 2) } });
    expect(await screen.findByText('2 of 2 keys')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
    expect(screen.getByText(keyLimitMessage(2))).toBeInTheDocument();
  });
});

describe('API keys: copy', () => {
  it("copies the key value and shows 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openKeys({}, true);
    const production = await keyItem('Production');
    await user.click(production.getByRole('button', { name: `Copy ${PRODUCTION.keyValue}` }));
    expect(await navigator.clipboard.readText()).toBe(PRODUCTION.keyValue);
    expect(production.getByRole('status')).toHaveTextContent(COPIED_TEXT);

    await act(() => vi.advanceTimersByTimeAsync(1_800));
    expect(production.getByRole('status')).toHaveTextContent(COPIED_TEXT);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(production.getByRole('status')).toBeEmptyDOMElement();
  });

  it("says 'Failed to copy to clipboard' when the browser refuses", async () => {
    const { user } = await openKeys();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    const staging = await keyItem('Staging');
    await user.click(staging.getByRole('button', { name: `Copy ${STAGING.keyValue}` }));
    expect(await staging.findByText(KEY_TEXTS.copyFailed)).toBeInTheDocument();
    expect(staging.queryByText(COPIED_TEXT)).not.toBeInTheDocument();
  });
});

describe('API keys: create', () => {
  it("asks for a name ('Please enter a key name' when blank), then sends it trimmed", async () => {
    let keys = [PRODUCTION];
    const { api, user } = await openKeys({
      'GET /api/keys': () => ({ body: makeKeysResponse(keys) }),
      'POST /api/keys': () => {
        const created = makeKey({ _id: 'key_3', keyName: 'CI runner', keyValue: 'cdt_live_ci' });
        keys = [...keys, created];
        return { status: 201, body: { key: created, message: 'API key created' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create API key' }));
    const name = dialog.getByLabelText('Key name');
    expect(name).toHaveFocus();

    await user.type(name, '   ');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(name).toHaveAccessibleDescription(KEY_TEXTS.nameRequired);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/keys')).toHaveLength(0);

    await user.type(name, '  CI runner ');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'CI runner' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/keys')[0]?.body).toEqual({ keyName: 'CI runner' });
    expect(screen.getByText('API key created')).toBeInTheDocument();
    expect(screen.getByText('2 of 10 keys')).toBeInTheDocument();
  });

  it.each([
    ['the server message', errorReply(409, keyLimitMessage(2), 'CONFLICT'), keyLimitMessage(2)],
    ['the fallback', { status: 500, body: null }, KEY_TEXTS.createFailed],
  ])('shows %s when creating fails', async (_case, reply, text) => {
    const { user } = await openKeys({ 'POST /api/keys': reply });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create API key' }));
    await user.type(dialog.getByLabelText('Key name'), 'Another');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });

  it('closes on Escape without creating anything', async () => {
    const { api, user } = await openKeys();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' })).toHaveFocus());
    expect(api.callsTo('POST /api/keys')).toHaveLength(0);
  });
});

describe('API keys: delete', () => {
  it('asks for confirmation, then deletes the key', async () => {
    let keys = [PRODUCTION, STAGING];
    const { api, user } = await openKeys({
      'GET /api/keys': () => ({ body: makeKeysResponse(keys) }),
      'DELETE /api/keys/key_2': () => {
        keys = [PRODUCTION];
        return { body: { message: 'API key deleted' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete key Staging' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete API key' }));
    expect(dialog.getByText(/"Staging"/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/keys/key_2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete key Staging' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete key' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Staging' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/keys/key_2')).toHaveLength(1);
    expect(screen.getByText('1 of 10 keys')).toBeInTheDocument();
  });

  it.each([
    ['the server message', errorReply(404, 'API key not found', 'NOT_FOUND'), 'API key not found'],
    ['the fallback', { status: 502, body: null }, KEY_TEXTS.deleteFailed],
  ])('shows %s when deleting fails', async (_case, reply, text) => {
    const { user } = await openKeys({ 'DELETE /api/keys/key_1': reply });
    await user.click(await screen.findByRole('button', { name: 'Delete key Production' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete API key' }));
    await user.click(dialog.getByRole('button', { name: 'Delete key' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });
});
