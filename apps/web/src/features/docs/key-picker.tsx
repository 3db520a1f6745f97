import { API_KEY_PLACEHOLDER, type ApiKey, KEY_TEXTS, ROUTES, TEST_MODE_TEXTS } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { QueryLoadError } from '../../components/ui/load-error.tsx';
import { keysQuery } from '../api-keys/keys-api.ts';

export const KEY_PICKER_LABEL = 'API key in the examples';

/**
 * Chooses one of the user's keys (GET /api/keys, the API Keys page's query, which gives the
 * owner each key's value): the one every docs example carries ("none" keeps the placeholder),
 * or the one the playground calls with (`placeholderLabel` null: no "none"). Without keys it
 * shows `empty` (else a link to the API Keys page).
 */
export function KeyPicker({
  selectedId,
  onSelect,
  label = KEY_PICKER_LABEL,
  placeholderLabel = `Placeholder (${API_KEY_PLACEHOLDER})`,
  empty,
}: {
  selectedId: string | null;
  onSelect: (apiKey: ApiKey | null) => void;
  label?: string;
  placeholderLabel?: string | null;
  empty?: ReactNode;
}) {
  const id = useId();
  const keys = useQuery(keysQuery);
  if (keys.isError) {
    return <QueryLoadError query={keys} message={KEY_TEXTS.loadFailed} />;
  }
  const list = keys.data?.keys ?? [];
  const showsEmpty = keys.isSuccess && list.length === 0 && empty !== undefined;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-surface px-4 py-3 text-sm">
      {/* Nothing to choose from: the page's offer stands in for an empty list. */}
      {showsEmpty ? (
        empty
      ) : (
        <>
          <label htmlFor={id} className="font-medium text-fg">
            {label}
          </label>
          <select
            id={id}
            value={selectedId ?? ''}
            disabled={keys.isPending}
            onChange={(event) => onSelect(list.find((key) => key._id === event.target.value) ?? null)}
            className="min-w-0 max-w-full rounded-lg border border-border bg-bg px-3 py-1.5 text-fg"
          >
            {placeholderLabel !== null && <option value="">{placeholderLabel}</option>}
            {list.map((key) => (
              <option key={key._id} value={key._id}>
                {key.mode === 'test' ? `${key.keyName} (${TEST_MODE_TEXTS.badge})` : key.keyName}
              </option>
            ))}
          </select>
        </>
      )}
      {keys.isSuccess && list.length === 0 && !empty ? (
        <p className="text-muted">
          No keys yet:{' '}
          <Link to={ROUTES.appApiKeys} className="text-primary-text underline underline-offset-2">
            create one
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
