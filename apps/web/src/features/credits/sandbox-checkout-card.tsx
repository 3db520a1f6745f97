import { formatCents, PAYMENT_TEXTS, SANDBOX_DEFAULT_CARD, type SandboxCheckout } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { LabelledCard } from '../../components/ui/labelled-card.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatCount } from '../../lib/format.ts';
import { pageLocation } from '../../lib/page-location.ts';
import { serverTextOr } from '../../lib/server-error.ts';
import { paymentsApi } from './credits-api.ts';
import { SummaryLine } from './summary-line.tsx';

export const SANDBOX_DECISION_FAILED = 'Could not complete the test checkout. Please try again.';
export const CANCELING = 'Canceling...';

type Decision = 'pay' | 'cancel';

/**
 * What is being bought, with Pay and Cancel. Either answers where Stripe would send the browser
 * (back to /app/credits with `success` or `canceled`); the page goes there with a full load.
 */
export function SandboxCheckoutCard({
  checkout,
  onStale,
}: {
  checkout: SandboxCheckout;
  onStale: () => void;
}) {
  const [cardNumber, setCardNumber] = useState(SANDBOX_DEFAULT_CARD.replace(/(\d{4})(?=\d)/g, '$1 '));
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      decision === 'pay'
        ? paymentsApi.paySandbox(checkout.sessionId, checkout.saveCard ? cardNumber : undefined)
        : paymentsApi.cancelSandbox(checkout.sessionId),
    onSuccess: ({ redirectUrl }) => pageLocation.assign(redirectUrl),
    // The session may have expired or been completed in another tab: show its current state.
    onError: onStale,
  });
  const isBusy = decide.isPending || decide.isSuccess;
  const amount = formatCents(checkout.amount);

  return (
    <LabelledCard className="p-6 sm:p-8">
      {(headingId) => (
        <>
          <p className="text-muted text-sm">Pay Conduit</p>
          <h1 id={headingId} className="mt-1 font-semibold text-3xl text-fg tracking-tight">
            {amount}
          </h1>
          <dl className="mt-6 divide-y divide-border border-border border-y">
            <SummaryLine term="Package">{checkout.label}</SummaryLine>
            <SummaryLine term="Credits">{formatCount(checkout.credits)}</SummaryLine>
            <SummaryLine term="Amount">{`${amount} ${checkout.currency.toUpperCase()}`}</SummaryLine>
            <SummaryLine term="Account">
              <EmailAddress email={checkout.email} />
            </SummaryLine>
          </dl>
          {checkout.saveCard ? (
            <div className="mt-4 space-y-2">
              <TextField
                label="Test card number (saved for auto top-up)"
                inputMode="numeric"
                autoComplete="off"
                value={cardNumber}
                disabled={isBusy}
                onChange={(event) => setCardNumber(event.target.value)}
                help="4242 4242 4242 4242 works; 4000 0000 0000 0002 is saved, but its auto top-up charges are declined."
              />
              <p className="text-muted text-sm">
                This installation has no payment provider configured. Nothing is charged; the test card is
                kept for auto top-up.
              </p>
            </div>
          ) : (
            <p className="mt-4 text-muted text-sm">
              This installation has no payment provider configured. Paying adds the credits at once; no card
              is asked for and nothing is charged.
            </p>
          )}
          {decide.isError && (
            <div className="mt-4">
              <FormAlert>{serverTextOr(decide.error, SANDBOX_DECISION_FAILED)}</FormAlert>
            </div>
          )}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
            <Button size="lg" className="sm:flex-1" disabled={isBusy} onClick={() => decide.mutate('pay')}>
              {isBusy && decide.variables === 'pay' ? PAYMENT_TEXTS.processing : `Pay ${amount}`}
            </Button>
            <Button
              size="lg"
              variant="secondary"
              className="sm:flex-1"
              disabled={isBusy}
              onClick={() => decide.mutate('cancel')}
            >
              {isBusy && decide.variables === 'cancel' ? CANCELING : 'Cancel'}
            </Button>
          </div>
        </>
      )}
    </LabelledCard>
  );
}
