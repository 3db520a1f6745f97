import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { ASK_NEW_LINK } from './reset-password-page.tsx';

describe('the password reset page', () => {
  it('says a spent link is not usable as it opens, before any password is typed, and offers a new one', async () => {
    const api = mockApi({
      'POST /api/auth/reset-password/check': errorReply(400, T.resetInvalid, 'BAD_REQUEST'),
    });
    renderRoute('/auth/reset-password?token=tok_spent');
    expect(await screen.findByRole('heading', { name: 'Link not usable' })).toBeInTheDocument();
    expect(screen.getByText(T.resetInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: ASK_NEW_LINK }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('shows the new password form for a usable link', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password/check': { body: { message: T.resetLinkUsable } } });
    renderRoute('/auth/reset-password?token=tok_good');
    expect(await screen.findByRole('form', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password/check').map((call) => call.body)).toEqual([
      { token: 'tok_good' },
    ]);
  });
});
