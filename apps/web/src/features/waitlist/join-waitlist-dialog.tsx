import { WAITLIST_TEXTS, type WaitlistJoinResponse } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { focusField } from '../../lib/use-form-fields.ts';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';
import { useWaitlistSteps } from './use-waitlist-steps.ts';
import { failureText, waitlistApi } from './waitlist-api.ts';
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
  const form = useWaitlistSteps();
  const [alert, setAlert] = useState<string | null>(null);
  /** The address found already on the list: the alert offers to resend its links. */
  const [joinedEmail, setJoinedEmail] = useState<string | null>(null);
  const join = useMutation({
    mutationFn: (body: Record<string, string>) => waitlistApi.join(body),
    onSuccess: (result) => {
      form.reset();
      setAlert(null);
      setJoinedEmail(null);
      onJoined(result);
    },
    onError: (error) => {
      setAlert(failureText(error, WAITLIST_TEXTS.failed));
      if (error instanceof ApiError && error.status === 409) setJoinedEmail(form.values[EMAIL_FIELD] ?? null);
    },
  });
  const check = useMutation({ mutationFn: (email: string) => waitlistApi.checkEmail(email) });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending || check.isPending) return;
    const formElement = event.currentTarget;
    const invalid = form.validateStep();
    if (invalid) {
      focusField(formElement, invalid);
      return;
    }
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
    if (!form.isLastStep) {
      form.next();
      return;
    }
    setAlert(null);
    join.mutate({ ...form.values, ...(referralCode ? { ref: referralCode } : {}) });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Join the waitlist"
      description={`Step ${form.stepIndex + 1} of ${form.stepCount}: ${form.step.title}`}
    >
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Join the waitlist"
        className="space-y-4"
      >
        <ol aria-hidden="true" className="flex gap-1.5">
          {Array.from({ length: form.stepCount }, (_, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed list
              key={index}
              className={`h-1.5 flex-1 rounded-full ${index <= form.stepIndex ? 'bg-primary' : 'bg-surface-2'}`}
            />
          ))}
        </ol>
        {alert && (
          <FormAlert action={joinedEmail ? <ResendConfirmationButton email={joinedEmail} /> : undefined}>
            {alert}
          </FormAlert>
        )}
        {form.step.fields.map((field) => (
          <WaitlistField
            key={field.id}
            field={field}
            value={form.values[field.id] ?? ''}
            error={form.errors[field.id]}
            onChange={(value) => {
              form.setValue(field.id, value);
              setAlert(null);
              setJoinedEmail(null);
            }}
          />
        ))}
        <div className="flex gap-3 pt-1">
          {form.stepIndex > 0 && (
            <Button variant="secondary" className="flex-1" onClick={form.back} disabled={join.isPending}>
              Back
            </Button>
          )}
          <Button type="submit" className="flex-1" disabled={join.isPending || check.isPending}>
            {form.isLastStep ? (join.isPending ? 'Joining...' : 'Join the waitlist') : 'Continue'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
