import { WAITLIST_ROUTES } from '@conduit/contracts';

/**
 * Whether this page is the waitlist site. The server serves `waitlist.html` (prerendered waitlist
 * landing, `<html data-site="waitlist">`) for every page in WAITLIST_MODE, so the answer is in the
 * document before any script runs; `VITE_WAITLIST_MODE=true` does the same for `vite dev`.
 */
export function isWaitlistSite(): boolean {
  if (import.meta.env.VITE_WAITLIST_MODE === 'true') return true;
  return typeof document !== 'undefined' && document.documentElement.dataset.site === 'waitlist';
}

/** Paths of the waitlist's own pages; every other path shows the waitlist landing. */
export const isWaitlistOwnPage = (pathname: string) =>
  pathname === WAITLIST_ROUTES.verify || pathname === WAITLIST_ROUTES.status;
