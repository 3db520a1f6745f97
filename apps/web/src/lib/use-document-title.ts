import { PRODUCT_NAME } from '@conduit/contracts';
import { useEffect, useSyncExternalStore } from 'react';

let pageTitle = '';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setPageTitle = (title: string) => {
  pageTitle = title;
  for (const listener of listeners) listener();
};

/**
 * Sets the tab title while the page is shown and restores the previous one after. The title is
 * also the page's name in the app's top bar on phones (`usePageTitle`).
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    const previousPage = pageTitle;
    document.title = `${title} - ${PRODUCT_NAME}`;
    setPageTitle(title);
    return () => {
      document.title = previous;
      setPageTitle(previousPage);
    };
  }, [title]);
}

/** The title of the page on screen, as its `useDocumentTitle` set it. */
export const usePageTitle = () =>
  useSyncExternalStore(
    subscribe,
    () => pageTitle,
    () => '',
  );
