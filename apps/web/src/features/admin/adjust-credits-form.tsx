import { AdjustCreditsBody, type AdminUser } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
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
  const [balance, setBalance] = useState(user.balance);
  const [done, setDone] = useState<string | null>(null);
  const { values, field, validateAll, reset } = useFormFields({ amount: '', reason: '' }, {});
  const { action, setAlert, frame } = useFormAction(
    (body: AdjustCreditsBody) => adminApi.adjustCredits(user._id, body),
    ADJUST_FAILED,
    (response, body) => {
      setBalance(response.balance);
      reset();
      setDone(
        `${body.amount > 0 ? 'Added' : 'Took away'} ${formatQuantity(Math.abs(body.amount), 'credit')}. The balance is now ${formatQuantity(response.balance, 'credit')}.`,
      );
      void refreshAdminData(queryClient);
    },
  );

  const onSubmit = (form: HTMLFormElement) => {
    setAlert(null);
    setDone(null);
    const { body, errors } = validate(values.amount, values.reason);
    validateAll(form, { found: errors });
    if (!body) return;
    action.mutate(body);
  };

  return (
    <FormFrame
      onSubmit={onSubmit}
      title="Adjust credits"
      titleAside={
        <p className="text-muted text-sm">
          Balance: <span className="font-medium text-fg">{formatQuantity(balance, 'credit')}</span>
        </p>
      }
      {...frame}
      submitLabel="Adjust credits"
      pendingLabel="Adjusting..."
      variant="secondary"
    >
      {done && (
        <p role="status" className="rounded-lg border border-success p-3 text-fg text-sm">
          {done}
        </p>
      )}
      <TextField
        label="Amount"
        inputMode="numeric"
        autoComplete="off"
        placeholder="100 or -50"
        help="Credits to add; a negative number takes credits away (never below zero)."
        {...field('amount')}
      />
      <TextField
        label="Reason"
        autoComplete="off"
        maxLength={AdjustCreditsBody.shape.reason.maxLength ?? undefined}
        placeholder="Goodwill credit for the outage on May 3"
        help="Kept with the ledger entry and in the audit log."
        {...field('reason')}
      />
    </FormFrame>
  );
}
