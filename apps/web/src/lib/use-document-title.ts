import { PRODUCT_NAME } from '@conduit/contracts';
import { useEffect } from 'react';

/** Sets the tab title while the page is shown and restores the previous one after. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} - ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
