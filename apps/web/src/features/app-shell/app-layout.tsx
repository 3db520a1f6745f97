import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RequireAuth } from '../auth/require-auth.tsx';
import { LiveStatus } from '../live-status/use-task-events.ts';
import { ThemeSwitcher } from '../theme/theme-switcher.tsx';
import { AppSidebar } from './app-sidebar.tsx';

const SIDEBAR_ID = 'app-sidebar';

/** The signed-in area: sidebar (a drawer with an overlay on small screens) and the page. */
export function AppLayout() {
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setIsSidebarOpen(false);
  }

  return (
    <RequireAuth>
      {(user) => (
        <div className="min-h-dvh">
          <LiveStatus />
          <AppSidebar user={user} id={SIDEBAR_ID} isOpen={isSidebarOpen} />
          {isSidebarOpen && (
            <div
              aria-hidden="true"
              className="fixed inset-0 z-30 bg-overlay lg:hidden"
              onClick={() => setIsSidebarOpen(false)}
            />
          )}
          <div className="lg:pl-64">
            <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-border border-b bg-bg/80 px-4 backdrop-blur-md sm:px-6">
              <button
                type="button"
                aria-label="Toggle navigation"
                aria-expanded={isSidebarOpen}
                aria-controls={SIDEBAR_ID}
                onClick={() => setIsSidebarOpen((open) => !open)}
                className="inline-flex size-9 items-center justify-center rounded-lg text-fg hover:bg-surface-2 lg:hidden"
              >
                <Menu aria-hidden="true" className="size-5" />
              </button>
              <div className="ml-auto">
                <ThemeSwitcher />
              </div>
            </header>
            <main className="px-4 py-8 sm:px-6 lg:px-10">
              <Outlet context={user} />
            </main>
          </div>
        </div>
      )}
    </RequireAuth>
  );
}
