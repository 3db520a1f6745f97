import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DocsSite } from './docs-tabs.ts';

export interface DocsSettings {
  site: DocsSite;
  /** The docs' own path (/docs or /app/docs), for links between tabs. */
  basePath: string;
  /** The chosen key's value in /app/docs; undefined shows the placeholder. */
  apiKey?: string;
}

export const DocsContext = createContext<DocsSettings>({ site: 'public', basePath: '/docs' });
export const useDocsSettings = () => useContext(DocsContext);

/** What the build-time render of /docs writes until the browser knows its own origin. */
export const PRERENDER_ORIGIN = 'http://localhost:3000';
const noSubscription = () => () => {};

/** The API's base URL: the origin the page was served from (the app and the API share it). */
export function useBaseUrl(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => PRERENDER_ORIGIN,
  );
}
