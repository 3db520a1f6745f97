import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

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
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
    } else if (hasPathChanged) {
      window.scrollTo({ top: 0, behavior: 'instant' });
    }
  }, [pathname, hash, key]);
}
