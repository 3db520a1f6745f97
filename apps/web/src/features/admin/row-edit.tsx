import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshAdminData } from './admin-api.ts';

/**
 * One admin table row's edits (a channel, a model): each change is sent, then what the server holds
 * is read out (`describe`) or why nothing changed, and the admin data is refreshed. `wanted` shows
 * a click on the enabled box at once (set in the same event) until the refreshed list settles it.
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
  const setEnabled = (enabled: boolean) => {
    setWanted(enabled);
    update.mutate({ enabled } as Body);
  };
  return { update, wanted, setEnabled };
}

/** The row's on/off box: its click shows at once, and is sent. */
export function EnabledBox({
  name,
  checked,
  disabled,
  onChange,
}: {
  name: string;
  checked: boolean;
  disabled: boolean;
  onChange: (enabled: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`${name} enabled`}
      checked={checked}
      className="size-5 align-middle accent-primary"
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
