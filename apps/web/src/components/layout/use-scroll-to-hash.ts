import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element a URL hash (`#errors`) names, if it is on the page. */
export const scrollToHash = (hash: string) =>
  document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();

/**
 * Scrolls to the element named by the URL hash after each navigation (so /#pricing works from
 * any page), and to the top when the path changes. The first render keeps the browser's scroll.
 */
export function useScrollToHash() {
  const { pathname, hash, key } = useLocation();
  const lastPathname = useRef(pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` re-runs it when the same anchor is clicked again
  useEffect(() => {
    const hasPathChanged = lastPathname.current !== pathname;
    lastPathname.current = pathname;
    if (hash) {
      scrollToHash(hash);
    } else if (hasPathChanged) {
      window.scrollTo({ top: 0, behavior: 'instant' });
    }
  }, [pathname, hash, key]);
}
