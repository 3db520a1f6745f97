import { RefreshCw } from 'lucide-react';
import { Button } from './button.tsx';
import { FormAlert } from './form-alert.tsx';

/**
 * A failed load with its Retry button (docs/product.md, "Other screens": 'Failed to load dashboard
 * data' with Retry).
 */
export function LoadError({
  message,
  onRetry,
  isRetrying,
}: {
  message: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <FormAlert
      action={
        <Button variant="secondary" size="sm" disabled={isRetrying} onClick={onRetry}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      }
    >
      {message}
    </FormAlert>
  );
}

/** A query's failed load: Retry asks again, and is disabled while it does. */
export function QueryLoadError({
  query,
  message,
}: {
  query: { refetch: () => Promise<unknown>; isFetching: boolean };
  message: string;
}) {
  return <LoadError message={message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
}
