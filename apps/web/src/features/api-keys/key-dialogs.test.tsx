import { KEY_SCREEN_TEXTS, KEY_TEXTS, keyLimitMessage } from '@conduit/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import { errorReply, type Reply } from '../../test/api-mock.ts';
import { makeDashboard, makeKey, makeKeysResponse, makeLimitedKey } from '../../test/fixtures.ts';
import { keyFailures, keyRow, openKeyDialog, openKeys, PRODUCTION, STAGING } from '../../test/keys-page.ts';
import { toLocalInput } from './key-form.ts';

const DASHBOARD = { 'GET /api/dashboard': { body: makeDashboard() } }; // 60 requests per minute
const fieldIn = (dialog: ReturnType<typeof within>, label: string) => dialog.getByLabelText(label);

async function openCreate(routes = {}) {
  const opened = await openKeys({ ...DASHBOARD, ...routes });
  await opened.user.click(await screen.findByRole('button', { name: 'Create key' }));
  return { ...opened, dialog: within(screen.getByRole('dialog', { name: 'Create API key' })) };
}

describe('API keys: create', () => {
  it('checks name, services, spend limit, rate limit and expiry before sending anything', async () => {
    const { api, user, dialog } = await openCreate();
    const name = fieldIn(dialog, 'Key name');
    expect(name).toHaveFocus();
    for (const service of [
      'Image generation',
      'Video generation',
      'Sora watermark removal',
      'LinkedIn scraping',
    ]) {
      await user.click(dialog.getByLabelText(service));
    }
    await user.selectOptions(fieldIn(dialog, 'Spend limit'), 'Per day');
    await user.type(fieldIn(dialog, 'Credits'), '0');
    await user.type(fieldIn(dialog, 'Rate limit (requests per minute)'), '61');
    await user.selectOptions(fieldIn(dialog, 'Expires'), 'On a date');
    fireEvent.change(fieldIn(dialog, 'Expiry date and time'), { target: { value: '2020-01-01T10:00' } });
    await user.click(dialog.getByRole('button', { name: 'Create key' }));

    expect(name).toHaveAccessibleDescription(KEY_TEXTS.nameRequired);
    expect(name).toHaveFocus();
    expect(dialog.getByRole('group', { name: 'Services' })).toHaveAccessibleDescription(KEY_TEXTS.noService);
    expect(fieldIn(dialog, 'Credits')).toHaveAccessibleDescription(KEY_SCREEN_TEXTS.spendCreditsInvalid);
    expect(fieldIn(dialog, 'Rate limit (requests per minute)')).toHaveAccessibleDescription(
      KEY_SCREEN_TEXTS.rateLimitAboveWorkspace(60),
    );
    expect(fieldIn(dialog, 'Expiry date and time')).toHaveAccessibleDescription(KEY_TEXTS.expiryInPast);
    expect(api.callsTo('POST /api/keys')).toHaveLength(0);
  });

  it('sends the name trimmed with the chosen controls, then lists the new key', async () => {
    let keys = [PRODUCTION];
    const { api, user, dialog } = await openCreate({
      'GET /api/keys': () => ({ body: makeKeysResponse(keys) }),
      'POST /api/keys': () => {
        const created = makeKey({ _id: 'key_3', keyName: 'CI runner', keyValue: 'cdt_live_ci00' });
        keys = [...keys, created];
        return { status: 201, body: { key: created, message: 'API key created' } };
      },
    });
    expect(dialog.getByText(/your workspace's limit, 60 per minute/)).toBeInTheDocument();
    await user.type(fieldIn(dialog, 'Key name'), '  CI runner ');
    for (const service of ['Video generation', 'Sora watermark removal', 'LinkedIn scraping']) {
      await user.click(dialog.getByLabelText(service));
    }
    await user.selectOptions(fieldIn(dialog, 'Spend limit'), 'Per month');
    await user.type(fieldIn(dialog, 'Credits'), '250');
    await user.type(fieldIn(dialog, 'Rate limit (requests per minute)'), '30');
    await user.type(fieldIn(dialog, 'IP allow-list'), '203.0.113.7, 198.51.100.0/24{Enter}2001:db8::1');
    await user.selectOptions(fieldIn(dialog, 'Expires'), 'On a date');
    const expiry = toLocalInput(new Date(Date.now() + 86_400_000).toISOString());
    fireEvent.change(fieldIn(dialog, 'Expiry date and time'), { target: { value: expiry } });
    await user.click(dialog.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByRole('rowheader', { name: 'CI runner' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/keys')[0]?.body).toEqual({
      keyName: 'CI runner',
      permissions: { image: true, video: false, sora: false, linkedin: false },
      spendLimit: { credits: 250, period: 'month' },
      rateLimitPerMinute: 30,
      ipAllowlist: ['203.0.113.7', '198.51.100.0/24', '2001:db8::1'],
      expiresAt: new Date(expiry).toISOString(),
      mode: 'live',
    });
    expect(screen.getByText('API key created')).toBeInTheDocument();
    expect(screen.getByText('2 of 10 keys')).toBeInTheDocument();
  });

  it('shows a refusal naming a field on that field, and other refusals above the form', async () => {
    const refusal = 'ipAllowlist: 10.0.0.300 is not an IP address or CIDR range';
    let reply: Reply = {
      status: 400,
      body: { error: refusal, code: 'VALIDATION_FAILED', field: 'ipAllowlist.0' },
    };
    const { user, dialog } = await openCreate({ 'POST /api/keys': () => reply });
    await user.type(fieldIn(dialog, 'Key name'), 'Box');
    await user.type(fieldIn(dialog, 'IP allow-list'), '10.0.0.300');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(fieldIn(dialog, 'IP allow-list')).toHaveAccessibleDescription(refusal));
    expect(fieldIn(dialog, 'IP allow-list')).toHaveFocus();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();

    reply = errorReply(409, keyLimitMessage(2), 'CONFLICT');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(keyLimitMessage(2));
    reply = { status: 500, body: null };
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent(KEY_TEXTS.createFailed));
  });

  it('closes on Escape without creating anything', async () => {
    const { api, user } = await openCreate();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' })).toHaveFocus());
    expect(api.callsTo('POST /api/keys')).toHaveLength(0);
  });
});

describe('API keys: edit', () => {
  const LIMITED = makeLimitedKey(
    ['image'],
    { credits: 1, period: 'day' },
    {
      _id: 'key_5',
      keyName: 'Images',
      spent: 1,
      spentResetsAt: '2026-01-06T00:00:00.000Z',
      ipAllowlist: ['203.0.113.7'],
    },
  );

  it('opens with the key as it is and its budget used, and sends only what changed', async () => {
    let current = LIMITED;
    const { api, user } = await openKeys({
      ...DASHBOARD,
      'GET /api/keys': () => ({ body: makeKeysResponse([current]) }),
      'PATCH /api/keys/key_5': () => {
        current = { ...current, permissions: { ...current.permissions, video: true } };
        return { body: { key: current, message: 'API key updated' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit key Images' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit API key' }));
    expect(fieldIn(dialog, 'Key name')).toHaveValue('Images');
    expect(dialog.getByLabelText('Image generation')).toBeChecked();
    expect(dialog.getByLabelText('Video generation')).not.toBeChecked();
    expect(fieldIn(dialog, 'Spend limit')).toHaveValue('day');
    expect(fieldIn(dialog, 'Credits')).toHaveValue('1');
    expect(fieldIn(dialog, 'IP allow-list')).toHaveValue('203.0.113.7');
    expect(dialog.getByText('1 / 1 credits')).toBeInTheDocument();
    expect(
      dialog.getByText(`per day, resets ${formatDateTime('2026-01-06T00:00:00.000Z')}`),
    ).toBeInTheDocument();

    await user.click(dialog.getByLabelText('Video generation'));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/keys/key_5').map((call) => call.body)).toEqual([
      { permissions: { image: true, video: true, sora: false, linkedin: false } },
    ]);
    expect(screen.getByText('API key updated')).toBeInTheDocument();
    const row = await keyRow('Images');
    await waitFor(() => expect(row.getByText('Video')).toBeInTheDocument());
  });

  it('clears a control with null and shows a field refusal on its field', async () => {
    const { api, user } = await openKeys({
      'GET /api/keys': { body: makeKeysResponse([LIMITED]) },
      'PATCH /api/keys/key_5': {
        status: 400,
        body: { error: 'Spend limit too high', code: 'VALIDATION_FAILED', field: 'spendLimit.credits' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit key Images' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit API key' }));
    await user.clear(fieldIn(dialog, 'IP allow-list'));
    await user.clear(fieldIn(dialog, 'Credits'));
    await user.type(fieldIn(dialog, 'Credits'), '5');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fieldIn(dialog, 'Credits')).toHaveAccessibleDescription('Spend limit too high'),
    );
    expect(api.callsTo('PATCH /api/keys/key_5')[0]?.body).toEqual({
      spendLimit: { credits: 5, period: 'day' },
      ipAllowlist: null,
    });
  });
});

describe('API keys: roll', () => {
  it('rolls with the chosen grace period, shows the new key to copy, then the old key’s end on the row', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const rolled = makeKey({ keyValue: 'cdt_live_rolled000000009999', previousKeyValidUntil: until });
    let keys = [PRODUCTION, STAGING];
    const { api, user } = await openKeys({
      'GET /api/keys': () => ({ body: makeKeysResponse(keys) }),
      'POST /api/keys/key_1/roll': () => {
        keys = [rolled, STAGING];
        return { body: { key: rolled, message: 'API key rolled' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Roll key Production' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Roll API key' }));
    expect(dialog.getByLabelText('After 1 hour')).toBeChecked();
    await user.click(dialog.getByLabelText('After 24 hours'));
    await user.click(dialog.getByRole('button', { name: 'Roll key' }));

    const done = within(await screen.findByRole('dialog', { name: KEY_SCREEN_TEXTS.rolledTitle }));
    expect(api.callsTo('POST /api/keys/key_1/roll')[0]?.body).toEqual({ graceSeconds: 86_400 });
    await waitFor(() => expect(done.getByRole('button', { name: 'Done' })).toHaveFocus());
    await user.click(done.getByRole('button', { name: `Copy ${rolled.keyValue}` }));
    expect(await navigator.clipboard.readText()).toBe(rolled.keyValue);
    await user.click(done.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const row = await keyRow('Production');
    expect(
      await row.findByText(KEY_SCREEN_TEXTS.oldKeyWorksUntil(formatDateTime(until))),
    ).toBeInTheDocument();
    expect(row.getByRole('button', { name: `Copy ${rolled.keyPreview}` })).toBeInTheDocument();
  });

  it.each(keyFailures(KEY_TEXTS.rollFailed))('shows %s when rolling fails', async (_case, reply, text) => {
    const { user, dialog } = await openKeyDialog(
      { 'POST /api/keys/key_1/roll': reply },
      'Roll key Production',
      'Roll API key',
    );
    await user.click(dialog.getByLabelText('Immediately'));
    await user.click(dialog.getByRole('button', { name: 'Roll key' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });
});
