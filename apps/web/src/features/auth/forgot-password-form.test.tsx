import { ACCOUNT_SECURITY_TEXTS as S, AUTH_FORM_TEXTS as T } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { errorReply } from '../../test/api-mock.ts';
import { descriptionOf, openAuthDialog } from '../../test/auth-helpers.tsx';

const openForgotForm = async (routes = {}) => {
  const opened = await openAuthDialog('login', routes);
  await opened.user.click(opened.dialog.getByRole('button', { name: S.forgotPassword }));
  return { ...opened, form: opened.dialog.getByRole('form', { name: 'Reset your password' }) };
};

describe('forgot-password form', () => {
  it('checks the address, moves focus to it, and sends only a valid one', async () => {
    const { user, dialog, api } = await openForgotForm({
      'POST /api/auth/forgot-password': { body: { message: S.forgotAccepted } },
    });
    const email = dialog.getByLabelText('Email');
    const submit = dialog.getByRole('button', { name: 'Send reset link' });
    expect(submit).toBeDisabled();

    await user.type(email, 'ada');
    await user.click(submit);
    expect(descriptionOf(email)).toBe(T.emailInvalid);
    expect(email).toHaveFocus();
    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(0);

    await user.type(email, '@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(submit);
    expect(await dialog.findByRole('status')).toHaveTextContent(S.forgotAccepted);
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
    await user.click(dialog.getByRole('button', { name: 'Back to sign in' }));
    expect(dialog.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("shows the server's refusal above the field and clears it on edit", async () => {
    const { user, dialog, form } = await openForgotForm({
      'POST /api/auth/forgot-password': errorReply(429, 'Too many requests', 'RATE_LIMITED'),
    });
    await user.type(dialog.getByLabelText('Email'), 'ada@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(form).toContainElement(dialog.getByRole('alert'));
    await user.type(dialog.getByLabelText('Email'), 'x');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
