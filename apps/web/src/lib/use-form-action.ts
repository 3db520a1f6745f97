import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverTextOr } from '../features/auth/auth-error-text.ts';

/**
 * A form's request and the alert above its fields: a failure shows the server's own text, else
 * `failedText` (docs/product.md, "Other screens"), and `onFailed` may add to it; `setAlert` shows the
 * form's own checks.
 */
export function useFormAction<Variables = void, Result = unknown>(
  run: (variables: Variables) => Promise<Result>,
  failedText: string,
  onDone: (result: Result, variables: Variables) => void,
  onFailed?: (error: Error) => void,
) {
  const [alert, setAlert] = useState<string | null>(null);
  const action = useMutation({
    mutationFn: run,
    onSuccess: onDone,
    onError: (error) => {
      setAlert(serverTextOr(error, failedText));
      onFailed?.(error);
    },
  });
  /** What a FormFrame or FormDialog shows of it: the alert, and the pending label while it runs. */
  const frame = { alert, isPending: action.isPending };
  return { action, alert, setAlert, frame };
}
