import { AdjustCreditsBody, type AdminUser } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { adminApi, refreshAdminData } from './admin-api.ts';

export const ADJUST_FAILED = 'Failed to adjust credits';
export const AMOUNT_NOT_WHOLE = 'Enter a whole number of credits (negative takes credits away)';
const WHOLE_NUMBER = /^[+-]?\d+$/;

type Errors = { amount?: string; reason?: string };

/** The shared schema's checks, with the amount read from its text first. */
function validate(amount: string, reason: string): { body?: AdjustCreditsBody; errors: Errors } {
  const text = amount.trim();
  if (!WHOLE_NUMBER.test(text)) {
    const parsedReason = AdjustCreditsBody.shape.reason.safeParse(reason);
    return { errors: { amount: AMOUNT_NOT_WHOLE, reason: parsedReason.error?.issues[0]?.message } };
  }
  const parsed = AdjustCreditsBody.safeParse({ amount: Number(text), reason });
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Errors;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** A credit adjustment: a ledger entry with the admin's reason (POST /api/admin/users/:id/credits). */
export function AdjustCreditsForm({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [balance, setBalance] = useState(user.balance);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const adjust = useMutation({
    mutationFn: (body: AdjustCreditsBody) => adminApi.adjustCredits(user._id, body),
    onSuccess: (response, body) => {
      setBalance(response.balance);
      setAmount('');
      setReason('');
      setDone(
        `${body.amount > 0 ? 'Added' : 'Took away'} ${formatQuantity(Math.abs(body.amount), 'credit')}. The balance is now ${formatQuantity(response.balance, 'credit')}.`,
      );
      void refreshAdminData(queryClient);
    },
    onError: (error) => setAlert(serverTextOr(error, ADJUST_FAILED)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adjust.isPending) return;
    setAlert(null);
    setDone(null);
    const { body, errors: next } = validate(amount, reason);
    setErrors(next);
    if (!body) {
      const first = next.amount ? 'amount' : 'reason';
      const input = event.currentTarget.elements.namedItem(first);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    adjust.mutate(body);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-fg">
          Adjust credits
        </h3>
        <p className="text-muted text-sm">
          Balance: <span className="font-medium text-fg">{formatQuantity(balance, 'credit')}</span>
        </p>
      </div>
      {alert && <FormAlert>{alert}</FormAlert>}
      {done && (
        <p role="status" className="rounded-lg border border-success p-3 text-fg text-sm">
          {done}
        </p>
      )}
      <TextField
        label="Amount"
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        placeholder="100 or -50"
        value={amount}
        error={errors.amount}
        help="Credits to add; a negative number takes credits away (never below zero)."
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors((previous) => ({ ...previous, amount: undefined }));
        }}
      />
      <TextField
        label="Reason"
        name="reason"
        autoComplete="off"
        maxLength={AdjustCreditsBody.shape.reason.maxLength ?? undefined}
        placeholder="Goodwill credit for the outage on May 3"
        value={reason}
        error={errors.reason}
        help="Kept with the ledger entry and in the audit log."
        onChange={(event) => {
          setReason(event.target.value);
          setErrors((previous) => ({ ...previous, reason: undefined }));
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={adjust.isPending}>
          {adjust.isPending ? 'Adjusting...' : 'Adjust credits'}
        </Button>
      </div>
    </form>
  );
}
