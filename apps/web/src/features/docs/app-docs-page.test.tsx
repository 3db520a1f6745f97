import { API_KEY_PLACEHOLDER, KEY_TEXTS, PAGINATION_TOKEN_PLACEHOLDER } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoutes, errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeKey, makeKeysResponse } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { KEY_PICKER_LABEL } from './key-picker.tsx';

const PRODUCTION = makeKey({ keyValue: 'cnd_live_production0123456789' });
const STAGING = makeKey({ _id: 'key_2', keyName: 'Staging', keyValue: 'cnd_live_staging9876543210' });

async function openAppDocs(path = '/app/docs', routes: ApiRoutes = {}) {
  mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/keys': { body: makeKeysResponse([PRODUCTION, STAGING]) },
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'API Docs' });
  return { user, ...view };
}

const codes = () =>
  screen.getAllByRole('figure').map((figure) => figure.querySelector('code')?.textContent ?? '');
/** The examples once the tab's chunk (every tab but Overview is one) has loaded. */
const loadedCodes = async () => {
  await screen.findAllByRole('figure');
  return codes();
};

describe('/app/docs', () => {
  it('has exactly the tabs the product names', async () => {
    await openAppDocs();
    const tabs = within(screen.getByRole('tablist', { name: 'Documentation sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Authentication',
      'Image',
      'Video',
      'Sora',
      'LinkedIn',
      'Tasks',
      'Testing',
      'Changelog',
      'Examples',
    ]);
  });

  it('starts with the first key in every example, takes the chosen one, and the placeholder when chosen', async () => {
    const { user } = await openAppDocs('/app/docs?tab=video');
    await screen.findByRole('option', { name: 'Staging' });
    expect((await loadedCodes()).every((code) => code.includes(PRODUCTION.keyValue))).toBe(true);
    const picker = screen.getByRole('combobox', { name: KEY_PICKER_LABEL });
    expect(picker).toHaveDisplayValue(PRODUCTION.keyName);

    await user.selectOptions(picker, 'Staging');
    for (const code of codes()) {
      expect(code).toContain(STAGING.keyValue);
      expect(code).not.toContain(API_KEY_PLACEHOLDER);
    }
    // The choice holds on every tab.
    await user.click(screen.getByRole('tab', { name: 'Image' }));
    expect(codes().every((code) => code.includes(STAGING.keyValue))).toBe(true);

    await user.selectOptions(picker, `Placeholder (${API_KEY_PLACEHOLDER})`);
    expect(codes().every((code) => code.includes(API_KEY_PLACEHOLDER))).toBe(true);
  });

  it('shows the complete flows on Examples, with the chosen key', async () => {
    const { user } = await openAppDocs('/app/docs?tab=examples');
    for (const title of [
      'Create a video, then poll its status',
      'Generate an image',
      'LinkedIn: page through posts',
    ]) {
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    await screen.findByRole('option', { name: 'Production' });
    await user.selectOptions(screen.getByRole('combobox', { name: KEY_PICKER_LABEL }), 'Production');
    const all = codes();
    expect(all.every((code) => code.includes(PRODUCTION.keyValue))).toBe(true);
    expect(all.some((code) => code.includes('/api/provider/video/status/TASK_ID'))).toBe(true);
    expect(all.some((code) => code.includes(`"pagination_token":"${PAGINATION_TOKEN_PLACEHOLDER}"`))).toBe(
      true,
    );
  });

  it("says 'Failed to load API keys' when the keys cannot be read, and the examples keep the placeholder", async () => {
    await openAppDocs('/app/docs?tab=image', { 'GET /api/keys': errorReply(403, 'Forbidden', 'FORBIDDEN') });
    expect(await screen.findByText(KEY_TEXTS.loadFailed)).toBeInTheDocument();
    expect((await loadedCodes()).every((code) => code.includes(API_KEY_PLACEHOLDER))).toBe(true);
  });

  it('links the error codes to its own Overview', async () => {
    await openAppDocs('/app/docs?tab=linkedin');
    for (const link of await screen.findAllByRole('link', { name: 'error codes' })) {
      expect(link).toHaveAttribute('href', '/app/docs#errors');
    }
  });
});
