import { PLAYGROUND_KEY_TEXTS, type SpendPeriod } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { keysApi, refreshKeys } from '../api-keys/keys-api.ts';

/** The key's refused limit, as the 402 KEY_SPEND_LIMIT answer gives it. */
export interface RefusedLimit {
  limit: number;
  spent: number;
  period: SpendPeriod;
}

/** A limit worth suggesting: five times the old one, at least 100 credits. */
const suggestedLimit = (limit: number) => Math.max(limit * 5, 100);

/**
 * From a run refused by the key's own spend limit: raise that key's limit in place (the same edit
 * as API Keys makes), then run again. The balance is not the issue, so "Buy credits" would not help.
 */
export function RaiseKeyLimit({
  keyId,
  refused,
  onRaised,
}: {
  keyId: string;
  refused: RefusedLimit;
  onRaised: () => void;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(suggestedLimit(refused.limit)));
  const [error, setError] = useState<string | undefined>();
  const raise = useMutation({
    mutationFn: (credits: number) =>
      keysApi.update(keyId, { spendLimit: { credits, period: refused.period } }),
    onSuccess: () => refreshKeys(queryClient),
    onError: (failure) => setError(serverTextOr(failure, PLAYGROUND_KEY_TEXTS.limitFailed)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credits = Number(value);
    if (!Number.isInteger(credits) || credits <= refused.spent) {
      setError(PLAYGROUND_KEY_TEXTS.limitTooLow(refused.spent));
      return;
    }
    setError(undefined);
    raise.mutate(credits);
  };
  if (raise.isSuccess) {
    return (
      <div className="flex flex-wrap items-center gap-3 pt-1">
        <p role="status" className="text-fg">
          {PLAYGROUND_KEY_TEXTS.limitRaised(raise.variables, refused.period)}
        </p>
        <Button size="sm" onClick={onRaised}>
          {PLAYGROUND_KEY_TEXTS.limitRunAgain}
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={PLAYGROUND_KEY_TEXTS.limitSubmit}
      className="space-y-2 pt-1"
    >
      <p className="text-fg">{PLAYGROUND_KEY_TEXTS.limitWhatToDo}</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={PLAYGROUND_KEY_TEXTS.limitLabel(refused.period)}
          type="number"
          inputMode="numeric"
          min={refused.spent + 1}
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
          className="w-48"
        />
        <Button type="submit" size="sm" disabled={raise.isPending} className="mb-0.5">
          {raise.isPending ? PLAYGROUND_KEY_TEXTS.limitPending : PLAYGROUND_KEY_TEXTS.limitSubmit}
        </Button>
      </div>
    </form>
  );
}
