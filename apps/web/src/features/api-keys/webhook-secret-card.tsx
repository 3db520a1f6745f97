import { KEY_TEXTS, WEBHOOK_TEXTS } from '@conduit/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Eye, EyeOff, RotateCw, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { COPIED_TEXT } from '../../components/ui/copy-button.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { LabelledCard } from '../../components/ui/labelled-card.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { useCopy } from '../../components/ui/use-copy.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useFormAction } from '../../lib/use-form-action.ts';
import { alertsApi, WEBHOOK_SECRET_QUERY_KEY, webhookSecretQuery } from '../alerts/alerts-api.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { KEYS_QUERY_KEY } from './keys-api.ts';

export const WEBHOOK_SECRET_TITLE = WEBHOOK_TEXTS.secretTitle;

/** After a rotation: the secret card and the API keys answer (which carries the secret too). */
export const refreshWebhookSecret = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: WEBHOOK_SECRET_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: KEYS_QUERY_KEY }),
  ]);

/** `whsec_••••••••Ab3x`: enough to tell secrets apart, never enough to use one. */
export const maskSecret = (secret: string) => `whsec_${'•'.repeat(8)}${secret.slice(-4)}`;

/**
 * The workspace's Standard Webhooks secret, masked until "Reveal"; Copy copies the whole value;
 * Rotate (after a confirmation that explains the 24 hours of dual signing) makes a new one and
 * shows it. `secret` is the one the API keys answer carried, shown until the card's own loads
 * (the Webhooks page has none: it waits for the card's own).
 */
export function WebhookSecretCard({ secret }: { secret?: string }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const state = useQuery(webhookSecretQuery);
  const current = state.data?.secret ?? secret;
  const [isRevealed, setIsRevealed] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isNew, setIsNew] = useState(false);
  const { status, copy } = useCopy();
  const { action: rotate, frame } = useFormAction(
    () => alertsApi.rotateSecret(),
    WEBHOOK_TEXTS.rotateFailed,
    (response) => {
      const { message, ...rotated } = response;
      queryClient.setQueryData(WEBHOOK_SECRET_QUERY_KEY, rotated);
      void refreshWebhookSecret(queryClient);
      success({ message });
      setIsConfirming(false);
      setIsRevealed(true);
      setIsNew(true);
    },
  );
  const previousUntil = state.data?.previousValidUntil;

  return (
    <LabelledCard>
      {(headingId) => (
        <>
          <h2 id={headingId} className="flex items-center gap-2 font-semibold text-fg">
            <Webhook aria-hidden="true" className="size-5 text-primary-text" />
            {WEBHOOK_SECRET_TITLE}
          </h2>
          <p className="mt-1 text-muted text-sm">{WEBHOOK_TEXTS.secretHelp}</p>
          {current === undefined ? (
            <div className="mt-3">
              <RowsSkeleton rows={1} rowClassName="h-10 rounded-lg" />
            </div>
          ) : (
            <code className="mt-3 block break-all rounded-lg border border-border bg-bg px-3 py-2 font-mono text-fg text-sm">
              {isRevealed ? current : maskSecret(current)}
            </code>
          )}
          {isNew && <p className="mt-2 text-fg text-sm">{WEBHOOK_TEXTS.newSecret}</p>}
          {previousUntil && (
            <p className="mt-2 text-muted text-sm">
              {WEBHOOK_TEXTS.dualSigningUntil(formatDateTime(previousUntil))}
            </p>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={isRevealed}
              onClick={() => setIsRevealed(!isRevealed)}
            >
              {isRevealed ? (
                <EyeOff aria-hidden="true" className="size-4" />
              ) : (
                <Eye aria-hidden="true" className="size-4" />
              )}
              {isRevealed ? WEBHOOK_TEXTS.hide : WEBHOOK_TEXTS.reveal}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={current === undefined}
              onClick={() => void copy(current ?? '')}
            >
              {status === 'copied' ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {WEBHOOK_TEXTS.copy}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setIsConfirming(true)}>
              <RotateCw aria-hidden="true" className="size-4" />
              {WEBHOOK_TEXTS.rotateButton}
            </Button>
            <span role="status" className={`text-xs ${status === 'failed' ? 'text-danger' : 'text-muted'}`}>
              {status === 'copied' ? COPIED_TEXT : status === 'failed' ? KEY_TEXTS.copyFailed : ''}
            </span>
          </div>
          {isConfirming && (
            <FormDialog
              title={WEBHOOK_TEXTS.rotateTitle}
              description={WEBHOOK_TEXTS.rotateExplanation}
              onClose={() => setIsConfirming(false)}
              onSubmit={() => rotate.mutate()}
              {...frame}
              submitLabel={WEBHOOK_TEXTS.rotateSubmit}
              pendingLabel={WEBHOOK_TEXTS.rotatePending}
            />
          )}
        </>
      )}
    </LabelledCard>
  );
}
