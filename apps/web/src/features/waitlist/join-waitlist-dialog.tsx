import { WAITLIST_TEXTS, type WaitlistJoinResponse } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormAction } from '../../lib/use-form-action.ts';
import { focusField } from '../../lib/use-form-fields.ts';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';
import { useWaitlistSteps } from './use-waitlist-steps.ts';
import { waitlistApi } from './waitlist-api.ts';
import { WaitlistField } from './waitlist-field.tsx';

interface JoinWaitlistDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The referral code of the link this visitor came through (?ref=), if any. */
  referralCode?: string;
  onJoined: (result: WaitlistJoinResponse) => void;
}

/** The field the entry's address comes from (the contracts require one named so). */
const EMAIL_FIELD = 'email';

/**
 * The waitlist signup: two configured fields per step. It stays mounted while closed, so a
 * visitor who closes it halfway finds their answers again; a successful join resets it. An
 * address that already joined is caught on its own step, with "Resend confirmation" right here.
 */
export function JoinWaitlistDialog({ isOpen, onClose, referralCode, onJoined }: JoinWaitlistDialogProps) {
  /** The address found already on the list: the alert offers to resend its links. */
  const [joinedEmail, setJoinedEmail] = useState<string | null>(null);
  const {
    action: join,
    alert,
    setAlert,
  } = useFormAction(
    (body: Record<string, string>) => waitlistApi.join(body),
    WAITLIST_TEXTS.failed,
    (result) => {
      form.reset();
      setAlert(null);
      setJoinedEmail(null);
      onJoined(result);
    },
    (error) => {
      if (error instanceof ApiError && error.status === 409) setJoinedEmail(form.values[EMAIL_FIELD] ?? null);
    },
  );
  const form = useWaitlistSteps(() => {
    setAlert(null);
    setJoinedEmail(null);
  });
  const check = useMutation({ mutationFn: (email: string) => waitlistApi.checkEmail(email) });

  const onSubmit = async (formElement: HTMLFormElement) => {
    if (form.validateStep(formElement)) return;
    const email = form.values[EMAIL_FIELD]?.trim() ?? '';
    if (form.step.fields.some((field) => field.id === EMAIL_FIELD)) {
      // If the check itself fails, the join still refuses a repeat at the end.
      const answer = await check.mutateAsync(email).catch(() => null);
      if (answer?.isOnWaitlist) {
        setAlert(WAITLIST_TEXTS.alreadyJoined);
        setJoinedEmail(email);
        focusField(formElement, EMAIL_FIELD);
        return;
      }
    }
    if (!form.isLastStep) return form.next();
    setAlert(null);
    join.mutate({ ...form.values, ...(referralCode ? { ref: referralCode } : {}) });
  };

  const submitLabel = form.isLastStep ? 'Join the waitlist' : 'Continue';
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Join the waitlist"
      description={`Step ${form.stepIndex + 1} of ${form.stepCount}: ${form.step.title}`}
      aria-label="Join the waitlist"
      onSubmit={(formElement) => void onSubmit(formElement)}
      header={
        <ol aria-hidden="true" className="flex gap-1.5">
          {Array.from({ length: form.stepCount }, (_, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed list
              key={index}
              className={`h-1.5 flex-1 rounded-full ${index <= form.stepIndex ? 'bg-primary' : 'bg-surface-2'}`}
            />
          ))}
        </ol>
      }
      alert={alert}
      alertAction={joinedEmail ? <ResendConfirmationButton email={joinedEmail} /> : undefined}
      secondary={
        form.stepIndex > 0 && (
          <Button variant="secondary" onClick={form.back} disabled={join.isPending}>
            Back
          </Button>
        )
      }
      submitLabel={submitLabel}
      pendingLabel={join.isPending ? 'Joining...' : submitLabel}
      isPending={join.isPending || check.isPending}
    >
      {form.step.fields.map((field) => (
        <WaitlistField key={field.id} field={field} control={form.field(field.id)} />
      ))}
    </FormDialog>
  );
}
