import { LIVEMODE_HEADER } from '@conduit/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The app's "View test data" switch (test mode, docs: Testing your integration): kept in this
 * browser, and sent with every request of the app as `Conduit-Livemode: false` (the event stream,
 * which cannot send headers, as `?livemode=false`), so the lists show test calls, requests and
 * usage only.
 */
const STORAGE_KEY = 'conduit.viewTestData';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

let viewing = read();

export const isViewingTestData = () => viewing;

export function setViewingTestData(on: boolean) {
  viewing = on;
  try {
    if (on) globalThis.localStorage?.setItem(STORAGE_KEY, 'true');
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Private mode: the switch holds for this page only.
  }
  for (const listener of listeners) listener();
}

export function useViewingTestData(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isViewingTestData,
    () => false,
  );
}

/** The header every app request carries while test data is viewed. */
export const testDataHeaders = (): Record<string, string> => (viewing ? { [LIVEMODE_HEADER]: 'false' } : {});

/** A URL of the app's API with the mode viewed, for what cannot send headers (EventSource, links). */
export const withViewedMode = (url: string) =>
  viewing ? `${url}${url.includes('?') ? '&' : '?'}livemode=false` : url;
