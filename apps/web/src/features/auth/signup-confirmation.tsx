import { FREE_CREDITS_ON_VERIFY } from '@conduit/contracts';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';
import type { Registration } from './signup-form.tsx';

/**
 * Replaces the sign-up form once the account exists: the link went to the address
 * (docs/product.md, "States and transitions").
 */
export function SignupConfirmation({
  registration,
  onBackToLogin,
}: {
  registration: Registration;
  onBackToLogin: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The form (and the focused submit button) is gone: keep focus inside the dialog.
  useEffect(() => ref.current?.focus(), []);
  const { email, response } = registration;

  return (
    <div ref={ref} tabIndex={-1} className="text-center outline-none">
      <MailCheck aria-hidden="true" className="mx-auto size-10 text-primary-text" />
      {response.emailSent ? (
        <p className="mt-4 text-fg">
          We sent a verification link to{' '}
          <strong className="font-semibold">
            <EmailAddress email={email} />
          </strong>
          . Open it to activate your account and get {FREE_CREDITS_ON_VERIFY} free credits.
        </p>
      ) : (
        <p className="mt-4 text-fg">{response.message}</p>
      )}
      <p className="mt-3 text-muted text-sm">Didn't get it? Check your spam folder or send it again.</p>
      <div className="mt-4 flex justify-center">
        <ResendVerificationButton email={email} />
      </div>
      <button
        type="button"
        onClick={onBackToLogin}
        className="mt-6 font-medium text-primary-text text-sm underline-offset-4 hover:underline"
      >
        Back to login
      </button>
    </div>
  );
}
