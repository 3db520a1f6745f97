import { ROUTES } from '@conduit/contracts';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { AccountMenu } from '../auth/account-menu.tsx';
import type { SessionUser } from '../auth/session-user.ts';
import { ThemeSwitcher } from '../theme/theme-switcher.tsx';

/** The admin area's bar: the brand, the way back to the user dashboard, theme and account. */
export function AdminHeader({ user }: { user: SessionUser }) {
  return (
    <header className="sticky top-0 z-30 border-border border-b bg-bg/80 backdrop-blur-md">
      <Container className="flex h-16 items-center gap-3">
        <Link to={ROUTES.home} className="rounded-lg">
          <Logo />
        </Link>
        <span className="rounded-full border border-border px-2 py-0.5 font-medium text-muted text-xs">
          Admin
        </span>
        <div className="ml-auto flex items-center gap-2">
          <ButtonLink to={ROUTES.app} variant="ghost" size="sm" className="max-sm:px-2">
            <LayoutDashboard aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Dashboard</span>
          </ButtonLink>
          <ThemeSwitcher />
          <AccountMenu user={user} />
        </div>
      </Container>
    </header>
  );
}
