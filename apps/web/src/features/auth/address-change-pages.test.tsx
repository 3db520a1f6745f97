import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { expectNoTokenPage } from '../../test/auth-helpers.tsx';
import { renderRoute } from '../../test/render-route.tsx';

describe('the address-change links', () => {
  it('confirms a new address once, says so in the server words, and offers the settings', async () => {
    const api = mockApi({
      'POST /api/auth/confirm-email': { body: { message: 'Your address is now new@example.com.' } },
      'GET /api/auth/me': { body: { user: makeUser() } },
    });
    renderRoute('/auth/confirm-email?token=tok_new');
    expect(await screen.findByRole('heading', { name: 'Address changed' })).toBeInTheDocument();
    expect(screen.getByText('Your address is now new@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to settings' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/confirm-email').map((call) => call.body)).toEqual([
      { token: 'tok_new' },
    ]);
  });

  it('says a spent or unknown confirmation link changed nothing', async () => {
    mockApi({ 'POST /api/auth/confirm-email': errorReply(400, '', 'VALIDATION_FAILED') });
    renderRoute('/auth/confirm-email?token=tok_spent');
    expect(await screen.findByRole('heading', { name: 'Address not changed' })).toBeInTheDocument();
    expect(screen.getByText(T.emailChangeInvalid)).toBeInTheDocument();
  });

  it('cancels a pending change from the notice link and points to a password reset', async () => {
    const api = mockApi({
      'POST /api/auth/cancel-email-change': { body: { message: 'The change of address was cancelled.' } },
    });
    renderRoute('/auth/cancel-email-change?token=tok_cancel');
    expect(await screen.findByRole('heading', { name: 'Change cancelled' })).toBeInTheDocument();
    expect(screen.getByText('The change of address was cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset your password' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/cancel-email-change')).toHaveLength(1);
  });

  it('without a token asks nothing and says there is nothing to cancel', async () => {
    await expectNoTokenPage(
      '/auth/cancel-email-change',
      'Nothing to cancel',
      T.emailChangeCancelInvalid,
      'POST /api/auth/cancel-email-change',
    );
  });
});
