import { ROUTES } from '@conduit/contracts';
import { LayoutDashboard } from 'lucide-react';
import { HeaderBar } from '../../components/layout/header-bar.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { AccountMenu } from '../auth/account-menu.tsx';
import type { SessionUser } from '../auth/session-user.ts';
import { ThemeSwitcher } from '../theme/theme-switcher.tsx';

/** The admin area's bar: the brand, the way back to the user dashboard, theme and account. */
export function AdminHeader({ user }: { user: SessionUser }) {
  return (
    <HeaderBar
      badge={
        <span className="-ml-2 rounded-full border border-border px-2 py-0.5 font-medium text-muted text-xs sm:-ml-3">
          Admin
        </span>
      }
      actions={
        <>
          <ButtonLink to={ROUTES.app} variant="ghost" size="sm" className="max-sm:px-2">
            <LayoutDashboard aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Dashboard</span>
          </ButtonLink>
          <ThemeSwitcher />
          <AccountMenu user={user} />
        </>
      }
    />
  );
}
