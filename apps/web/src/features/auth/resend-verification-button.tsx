import { AUTH_ERROR_TEXTS, AUTH_FORM_TEXTS, LOGIN_RESEND_CONFIRMATION_MS } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { authApi } from './auth-api.ts';

export const RESEND_LABEL = 'Resend verification email';

/**
 * Sends a new verification link; the button reads 'Email sent!' for 5 seconds after
 * (docs/product.md, "States and transitions").
 */
export function ResendVerificationButton({ email }: { email: string }) {
  const [isSent, setIsSent] = useState(false);
  const resend = useMutation({
    mutationFn: () => authApi.resendVerification(email),
    onSuccess: () => setIsSent(true),
  });

  useEffect(() => {
    if (!isSent) return;
    const timer = setTimeout(() => setIsSent(false), LOGIN_RESEND_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [isSent]);

  return (
    <div aria-live="polite">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || isSent}
      >
        {isSent ? AUTH_FORM_TEXTS.emailSent : RESEND_LABEL}
      </Button>
      {resend.isError && !resend.isPending && (
        <p className="mt-2 text-danger text-sm">{AUTH_ERROR_TEXTS.resendFailed}</p>
      )}
    </div>
  );
}
