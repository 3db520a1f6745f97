import { KEY_SCREEN_TEXTS, KEY_TEXTS, keyLimitMessage, WEBHOOK_TEXTS } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { errorReply, failingUntilRecovered } from '../../test/api-mock.ts';
import { expectCopiedForTwoSeconds, expectCopyFailed, refuseClipboard } from '../../test/copy-checks.ts';
import { makeKey, makeKeysResponse, makeLimitedKey } from '../../test/fixtures.ts';
import { keyFailures, keyRow, openKeyDialog, openKeys, PRODUCTION, STAGING } from '../../test/keys-page.ts';
import { maskSecret } from './webhook-secret-card.tsx';

const HOUR_MS = 3_600_000;

describe('API keys: list', () => {
  it('shows a row per key: masked key, services, budget, last use, expiry, creator; the count and the webhook secret', async () => {
    await openKeys();
    const production = await keyRow('Production');
    expect(screen.getByRole('table', { name: 'API keys' })).toBeInTheDocument();
    expect(production.getByRole('button', { name: `Copy ${PRODUCTION.keyPreview}` })).toBeInTheDocument();
    expect(production.queryByText(PRODUCTION.keyValue)).not.toBeInTheDocument();
    expect(production.getByText(KEY_SCREEN_TEXTS.allServices)).toBeInTheDocument();
    expect(production.getByText(KEY_SCREEN_TEXTS.noLimit)).toBeInTheDocument();
    expect(production.getAllByText(KEY_SCREEN_TEXTS.never)).toHaveLength(2); // last used, expires
    // The creator's address wraps only before its "@" and the dots of its domain, never mid-word.
    const creator = production.getByTitle('dev@example.com');
    expect(creator).toHaveTextContent(/^dev@example\.com$/);
    expect(creator.querySelector('.break-all')).toBeNull();
    expect([...creator.querySelectorAll('wbr')].map((wbr) => wbr.nextSibling?.textContent?.[0])).toEqual([
      '@',
      '.',
    ]);
    expect(production.getByText('Jan 5, 2026')).toBeInTheDocument();
    for (const action of ['Edit', 'Roll', 'Delete']) {
      expect(production.getByRole('button', { name: `${action} key Production` })).toBeInTheDocument();
    }
    const staging = await keyRow('Staging');
    expect(staging.getByText(formatDateTime(STAGING.lastUsedAt as string))).toBeInTheDocument();
    expect(staging.getByText('203.0.113.7')).toBeInTheDocument();
    expect(staging.getAllByText(KEY_SCREEN_TEXTS.never)).toHaveLength(1);
    expect(screen.getByText('2 of 10 keys')).toBeInTheDocument();

    const secret = screen.getByRole('region', { name: 'Webhook signing secret' });
    expect(await within(secret).findByText(maskSecret('whsec_dGVzdC1zZWNyZXQ='))).toBeInTheDocument();
    expect(within(secret).getByRole('button', { name: WEBHOOK_TEXTS.copy })).toBeInTheDocument();
    expect(within(secret).getByText(/callBackUrl/)).toBeInTheDocument();
  });

  it('shows the controls a key has: its services, budget used with period and reset, expiry, a rolled old key', async () => {
    const resetsAt = new Date(Date.now() + 5 * HOUR_MS).toISOString();
    const oldUntil = new Date(Date.now() + HOUR_MS).toISOString();
    const expiresAt = new Date(Date.now() + 30 * 24 * HOUR_MS).toISOString();
    const limited = makeLimitedKey(
      ['image', 'linkedin'],
      { credits: 10, period: 'day' },
      {
        _id: 'key_3',
        keyName: 'Images only',
        spent: 9,
        spentResetsAt: resetsAt,
        expiresAt,
        previousKeyValidUntil: oldUntil,
      },
    );
    const expired = makeKey({
      _id: 'key_4',
      keyName: 'Old job',
      spendLimit: { credits: 500, period: 'total' },
      spent: 20,
      expiresAt: '2026-01-01T00:00:00.000Z',
      previousKeyValidUntil: '2026-01-01T00:00:00.000Z',
    });
    await openKeys({ 'GET /api/keys': { body: makeKeysResponse([limited, expired]) } });

    const row = await keyRow('Images only');
    expect(
      within(row.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Image', 'LinkedIn']);
    expect(row.getByText('9 / 10 credits')).toBeInTheDocument();
    expect(row.getByText(`per day, resets ${formatDateTime(resetsAt)}`)).toBeInTheDocument();
    expect(row.getByText(formatDate(expiresAt))).toBeInTheDocument();
    expect(row.queryByText(KEY_SCREEN_TEXTS.expired)).not.toBeInTheDocument();
    expect(row.getByText(KEY_SCREEN_TEXTS.oldKeyWorksUntil(formatDateTime(oldUntil)))).toBeInTheDocument();

    const old = await keyRow('Old job');
    expect(old.getByText('20 / 500 credits')).toBeInTheDocument();
    expect(old.getByText('in total')).toBeInTheDocument();
    expect(old.getByText('Jan 1, 2026')).toBeInTheDocument();
    expect(old.getByText(KEY_SCREEN_TEXTS.expired)).toBeInTheDocument();
    expect(old.queryByText(/Old key works until/)).not.toBeInTheDocument();
  });

  it("shows 'Failed to load API keys' with a Retry that loads again", async () => {
    const keys = failingUntilRecovered(makeKeysResponse(), errorReply(403, 'Forbidden'));
    const { user } = await openKeys({ 'GET /api/keys': keys.reply });
    expect(await screen.findByText(KEY_TEXTS.loadFailed)).toBeInTheDocument();
    keys.recover();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Production' })).toBeInTheDocument();
  });

  it('disables Create at the maximum and says why', async () => {
    await openKeys({ 'GET /api/keys': { body: makeKeysResponse([PRODUCTION, STAGING], 2) } });
    expect(await screen.findByText('2 of 2 keys')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
    expect(screen.getByText(keyLimitMessage(2))).toBeInTheDocument();
  });
});

describe('API keys: reveal and copy', () => {
  it('Reveal shows the whole key in a wrapping block under the masked one, and Hide takes it away', async () => {
    const { user } = await openKeys();
    const production = await keyRow('Production');
    const reveal = production.getByRole('button', { name: 'Reveal key Production' });
    expect(reveal).toHaveAttribute('aria-expanded', 'false');
    await user.click(reveal);
    const whole = production.getByText(PRODUCTION.keyValue);
    expect(production.getByRole('button', { name: 'Hide key Production' })).toHaveAttribute(
      'aria-controls',
      whole.id,
    );
    // It wraps in the cell and has no width of its own, so the columns stay as they were; the
    // masked key (the copy button) stays as it was too.
    expect(whole).toHaveClass('break-all', 'w-0', 'min-w-full');
    expect(production.getByRole('button', { name: `Copy ${PRODUCTION.keyPreview}` })).toBeInTheDocument();
    await user.click(production.getByRole('button', { name: 'Hide key Production' }));
    expect(production.queryByText(PRODUCTION.keyValue)).not.toBeInTheDocument();
    expect(production.getByRole('button', { name: 'Reveal key Production' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("copies the whole key value from the masked key and shows 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openKeys({}, true);
    const production = await keyRow('Production');
    await user.click(production.getByRole('button', { name: `Copy ${PRODUCTION.keyPreview}` }));
    expect(await navigator.clipboard.readText()).toBe(PRODUCTION.keyValue);
    await expectCopiedForTwoSeconds(production);
  });

  it("says 'Failed to copy to clipboard' when the browser refuses", async () => {
    const { user } = await openKeys();
    refuseClipboard();
    const staging = await keyRow('Staging');
    await user.click(staging.getByRole('button', { name: `Copy ${STAGING.keyPreview}` }));
    await expectCopyFailed(staging);
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
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Staging' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/keys/key_2')).toHaveLength(1);
    expect(screen.getByText('1 of 10 keys')).toBeInTheDocument();
  });

  it.each(keyFailures(KEY_TEXTS.deleteFailed))('shows %s when deleting fails', async (_case, reply, text) => {
    const { user, dialog } = await openKeyDialog(
      { 'DELETE /api/keys/key_1': reply },
      'Delete key Production',
      'Delete API key',
    );
    await user.click(dialog.getByRole('button', { name: 'Delete key' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });
});
