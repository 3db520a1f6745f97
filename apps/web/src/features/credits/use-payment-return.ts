import { PAYMENT_TEXTS } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useNotify } from '../notifications/notification-context.ts';
import { paymentsApi, refreshCredits } from './credits-api.ts';

const RETURN_PARAMS = ['success', 'session_id', 'canceled'] as const;

/**
 * Which return from the checkout the query string describes, if any
 * (docs/product.md, "States and transitions").
 */
function readReturn(searchParams: URLSearchParams) {
  const sessionId = searchParams.get('session_id');
  if (searchParams.get('success') === 'true' && sessionId) return { kind: 'success' as const, sessionId };
  if (searchParams.get('canceled') === 'true') return { kind: 'canceled' as const, sessionId: null };
  return null;
}

/**
 * The checkout sends the browser back to /app/credits with `?success=true&session_id=...` or
 * `?canceled=true`. Either is acted on once, then the query string is replaced without a reload,
 * so a refresh or Back does not verify or announce it again.
 */
export function usePaymentReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { success, info, error } = useNotify();
  // StrictMode runs mount effects twice; the session must be verified and announced only once.
  const handledRef = useRef<string | null>(null);

  // Stays until closed: it asks the user to act if money was taken.
  const announceFailure = () =>
    error({ title: PAYMENT_TEXTS.verifyFailedTitle, message: PAYMENT_TEXTS.verifyFailed, duration: 0 });
  const verification = useMutation({
    mutationFn: paymentsApi.verify,
    onSuccess: (result) => {
      if (!result.success) return announceFailure();
      (result.alreadyProcessed ? info : success)({ message: result.message });
      void refreshCredits(queryClient);
    },
    onError: announceFailure,
  });
  const verify = verification.mutate;

  useEffect(() => {
    const paymentReturn = readReturn(searchParams);
    if (!paymentReturn) return;
    const returnKey = `${paymentReturn.kind}:${paymentReturn.sessionId}`;
    if (handledRef.current === returnKey) return;
    handledRef.current = returnKey;
    if (paymentReturn.kind === 'success') verify(paymentReturn.sessionId);
    else info({ message: PAYMENT_TEXTS.canceled });
    const cleaned = new URLSearchParams(searchParams);
    for (const name of RETURN_PARAMS) cleaned.delete(name);
    setSearchParams(cleaned, { replace: true });
  }, [searchParams, setSearchParams, verify, info]);

  return { isVerifying: verification.isPending };
}
