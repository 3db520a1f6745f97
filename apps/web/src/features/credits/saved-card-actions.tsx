import { type AutoTopUpResponse, BILLING_TEXTS } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { AUTO_TOP_UP_QUERY_KEY, BUY_CREDITS_ID, billingApi, SAVE_CARD_PARAM } from './billing-api.ts';

export const REMOVE_CARD_FAILED = 'Could not remove the card. Please try again.';

function RemoveCardDialog({ label, onClose }: { label: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const { action, frame } = useFormAction(billingApi.removeCard, REMOVE_CARD_FAILED, (answer) => {
    queryClient.setQueryData<AutoTopUpResponse>(AUTO_TOP_UP_QUERY_KEY, answer);
    success({ message: BILLING_TEXTS.cardRemoved });
    onClose();
  });
  return (
    <FormDialog
      title={`${BILLING_TEXTS.removeCard}: ${label}`}
      description={BILLING_TEXTS.removeCardConfirm}
      onClose={onClose}
      {...frame}
      onSubmit={() => action.mutate()}
      variant="danger"
      submitLabel={BILLING_TEXTS.removeCard}
      pendingLabel="Removing..."
    />
  );
}

/**
 * The saved card's two actions: Replace card ticks "Save this card" in the pack picker and takes
 * the user there (the next purchase saves the new card in place of this one), Remove card asks
 * first, then forgets it and turns auto top-up off.
 */
export function SavedCardActions({ card }: { card: NonNullable<AutoTopUpResponse['card']> }) {
  const [isRemoving, setRemoving] = useState(false);
  const [, setSearchParams] = useSearchParams();
  const replace = () => {
    setSearchParams(
      (params) => {
        params.set(SAVE_CARD_PARAM, '1');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    document.getElementById(BUY_CREDITS_ID)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={replace}>
        {BILLING_TEXTS.replaceCard}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setRemoving(true)}>
        {BILLING_TEXTS.removeCard}
      </Button>
      {isRemoving && <RemoveCardDialog label={card.label} onClose={() => setRemoving(false)} />}
    </div>
  );
}
