import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { useScrollToHash } from '../../components/layout/use-scroll-to-hash.ts';
import { SiteHeader } from './site-header.tsx';

/** Public pages: header, the page, footer. */
export function SiteLayout() {
  useScrollToHash();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:text-fg"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
