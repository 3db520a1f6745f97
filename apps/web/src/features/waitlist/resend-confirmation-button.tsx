import { WAITLIST_RESEND_CONFIRMATION_MS, WAITLIST_TEXTS } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { failureText, waitlistApi } from './waitlist-api.ts';

/**
 * Mails the confirmation (or status) link again; the button confirms for 3 seconds
 * (docs/product.md, "Timings").
 */
export function ResendConfirmationButton({ email }: { email: string }) {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const resend = useMutation({
    mutationFn: () => waitlistApi.resend(email),
    onSuccess: () => setSentAt(Date.now()),
  });
  useEffect(() => {
    if (sentAt === null) return;
    const timer = setTimeout(() => setSentAt(null), WAITLIST_RESEND_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [sentAt]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || sentAt !== null}
      >
        {sentAt !== null
          ? WAITLIST_TEXTS.resendSent
          : resend.isPending
            ? 'Sending...'
            : 'Resend confirmation'}
      </Button>
      {resend.isError && (
        <p role="alert" className="text-danger text-sm">
          {failureText(resend.error, WAITLIST_TEXTS.failed)}
        </p>
      )}
    </div>
  );
}
