import { ROUTES } from '@conduit/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../ui/container.tsx';
import { Logo } from '../ui/logo.tsx';
import { type NavItem, NavLinks } from './nav-links.tsx';

/**
 * The sticky bar the site, the waitlist site and the admin area share: the logo home (with an
 * optional `badge` beside it), the main links from md up, then the area's own actions; `below`
 * holds what unfolds under the bar (the mobile menu).
 */
export function HeaderBar({
  nav = [],
  badge,
  actions,
  below,
}: {
  nav?: readonly NavItem[];
  badge?: ReactNode;
  actions: ReactNode;
  below?: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 border-border border-b bg-bg/80 backdrop-blur-md">
      <Container className="flex h-16 items-center gap-4 sm:gap-6">
        <Link to={ROUTES.home} className="rounded-lg">
          <Logo />
        </Link>
        {badge}
        {nav.length > 0 && (
          <nav aria-label="Main" className="hidden md:block">
            <NavLinks
              items={nav}
              className="flex items-center gap-1"
              linkClassName="rounded-md px-3 py-2 text-muted text-sm hover:text-fg"
            />
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </Container>
      {below}
    </header>
  );
}
