import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshAdminData } from './admin-api.ts';

/** One field an admin edits in a table row: what it shows, and what a change of it sends. */
interface RowField<T> {
  label: string;
  value: T;
  disabled: boolean;
  onSave: (value: T) => void;
}

/**
 * One admin table row's edits (a channel, a model): each change is sent, then what the server holds
 * is read out (`describe`) or why nothing changed, and the admin data is refreshed. `wanted` shows
 * a click on the enabled box at once (set in the same event) until the refreshed list settles it.
 * `field` and `enabledField` answer the props of a row's field (NumberOnLeave, EnabledBox), held
 * while a change is on its way.
 */
export function useRowEdit<Body extends { enabled?: boolean }, Answer>(
  name: string,
  send: (body: Body) => Promise<Answer>,
  describe: (answer: Answer) => string,
  onResult: (text: string) => void,
) {
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const update = useMutation({
    mutationFn: send,
    onSuccess: (answer) => onResult(describe(answer)),
    onError: (error) => onResult(`${name} was not changed: ${error.message}`),
    onSettled: async () => {
      await refreshAdminData(queryClient);
      setWanted(null);
    },
  });
  const field = <K extends keyof Body>(
    key: K,
    label: string,
    value: NonNullable<Body[K]>,
  ): RowField<NonNullable<Body[K]>> => ({
    label,
    value,
    disabled: update.isPending,
    onSave: (next) => {
      const body = {} as Body;
      body[key] = next;
      update.mutate(body);
    },
  });
  const enabledField = (enabled: boolean): RowField<boolean> => ({
    label: `${name} enabled`,
    value: wanted ?? enabled,
    disabled: update.isPending,
    onSave: (next) => {
      setWanted(next);
      update.mutate({ enabled: next } as Body);
    },
  });
  return { field, enabledField };
}

/** The row's on/off box: its click shows at once, and is sent. */
export function EnabledBox({ label, value, disabled, onSave }: RowField<boolean>) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={value}
      className="size-5 align-middle accent-primary"
      disabled={disabled}
      onChange={(event) => onSave(event.target.checked)}
    />
  );
}

/**
 * A whole number an admin edits in a table row, saved when the field is left (not on each key):
 * `onSave` runs only for a whole number within [min, max] that differs from `value`.
 */
export function NumberOnLeave({
  label,
  value,
  min,
  max,
  disabled,
  onSave,
}: RowField<number> & { min: number; max: number }) {
  return (
    <input
      type="number"
      min={min}
      max={max}
      aria-label={label}
      defaultValue={value}
      disabled={disabled}
      className="w-20 rounded border border-border bg-bg px-2 py-1"
      onBlur={(event) => {
        const next = Number(event.target.value);
        if (Number.isInteger(next) && next >= min && next <= max && next !== value) onSave(next);
      }}
    />
  );
}
