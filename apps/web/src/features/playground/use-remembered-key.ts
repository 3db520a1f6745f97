import type { ApiKey } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { keysQuery } from '../api-keys/keys-api.ts';

export const PLAYGROUND_KEY_STORAGE_KEY = 'conduit-playground-key';

function readStoredId(): string | null {
  try {
    return localStorage.getItem(PLAYGROUND_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The key the playground calls with: the one chosen last time (its id kept in local storage)
 * while it exists, else the user's first key. `isLoading` while the keys are being read.
 */
export function useRememberedKey() {
  const keys = useQuery(keysQuery);
  const [storedId, setStoredId] = useState(readStoredId);
  const list = keys.data?.keys ?? [];
  const apiKey = list.find((key) => key._id === storedId) ?? list[0] ?? null;
  const choose = (key: ApiKey | null) => {
    setStoredId(key?._id ?? null);
    try {
      if (key) localStorage.setItem(PLAYGROUND_KEY_STORAGE_KEY, key._id);
      else localStorage.removeItem(PLAYGROUND_KEY_STORAGE_KEY);
    } catch {
      // Private mode: the choice holds for this visit.
    }
  };
  return { apiKey, choose, isLoading: keys.isPending };
}
