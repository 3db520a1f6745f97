import { ROUTES } from '@conduit/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../ui/container.tsx';
import { Logo } from '../ui/logo.tsx';

export interface NavItem {
  readonly label: string;
  readonly to: string;
}

/**
 * The sticky bar every public site shares: the logo home, the main links from md up, then the
 * site's own actions; `below` holds what unfolds under the bar (the mobile menu).
 */
export function HeaderBar({
  nav,
  actions,
  below,
}: {
  nav: readonly NavItem[];
  actions: ReactNode;
  below?: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 border-border border-b bg-bg/80 backdrop-blur-md">
      <Container className="flex h-16 items-center gap-4 sm:gap-6">
        <Link to={ROUTES.home} className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="rounded-md px-3 py-2 text-muted text-sm hover:text-fg">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </Container>
      {below}
    </header>
  );
}
