import { LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { emailLocalPart, isAdmin, type SessionUser } from '../auth/session-user.ts';
import { useSignOut } from '../auth/use-sign-out.ts';
import { UserAvatar } from '../auth/user-avatar.tsx';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { WorkspaceSwitcher } from '../workspaces/workspace-switcher.tsx';
import { ADMIN_NAV_ITEM, APP_NAV } from './app-nav-items.ts';
import { TestDataSwitch } from './test-data-switch.tsx';

export function AppSidebar({ user, id, isOpen }: { user: SessionUser; id: string; isOpen: boolean }) {
  const signOut = useSignOut();
  const localPart = emailLocalPart(user.email);
  const { can } = useWorkspace();
  const allowed = APP_NAV.filter((item) => !('permission' in item) || can(item.permission));
  const items = isAdmin(user) ? [...allowed, ADMIN_NAV_ITEM] : allowed;
  return (
    <aside
      id={id}
      className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-border border-r bg-surface max-lg:transition-transform motion-reduce:transition-none lg:sticky lg:top-0 lg:bottom-auto lg:h-dvh lg:translate-x-0 lg:border-r-0 ${
        isOpen ? 'translate-x-0' : '-translate-x-full max-lg:invisible'
      }`}
    >
      <div className="flex h-16 items-center px-5">
        <Link to="/" className="rounded-lg">
          <Logo />
        </Link>
      </div>
      <WorkspaceSwitcher />
      <TestDataSwitch className="mx-5 mt-3 mb-1 sm:hidden" />
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-1">
          {items.map(({ label, to, Icon, isEnd }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={isEnd}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm ${
                    isActive
                      ? 'bg-primary-soft font-medium text-primary-text'
                      : 'text-muted hover:bg-surface-2 hover:text-fg'
                  }`
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex items-center gap-3 border-border border-t p-4">
        <UserAvatar user={user} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-fg text-sm">{localPart}</p>
          <p className="truncate text-muted text-xs">{user.email}</p>
        </div>
        <button
          type="button"
          onClick={signOut}
          aria-label="Sign out"
          className="rounded-md p-2 text-muted hover:bg-surface-2 hover:text-fg"
        >
          <LogOut aria-hidden="true" className="size-4" />
        </button>
      </div>
    </aside>
  );
}
