import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShellSkeleton } from '../../components/layout/app-shell-skeleton.tsx';
import { useViewingTestData } from '../../lib/test-data-view.ts';
import { RequireAuth } from '../auth/require-auth.tsx';
import { LiveStatus } from '../live-status/use-task-events.ts';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { AppSidebar } from './app-sidebar.tsx';
import { AppTopBar } from './app-top-bar.tsx';
import { LowBalanceBanner } from './low-balance-banner.tsx';
import { RoleGate } from './role-gate.tsx';
import { TestModeBanner } from './test-data-switch.tsx';

const SIDEBAR_ID = 'app-sidebar';

/**
 * The phone's sidebar drawer: it closes on navigation and on Escape (focus back on its button),
 * and its first link takes the focus when it opens.
 */
function useSidebarDrawer() {
  const [isOpen, setIsOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setIsOpen(false);
  }
  useEffect(() => {
    if (!isOpen) return;
    document.querySelector<HTMLElement>(`#${SIDEBAR_ID} nav a`)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);
  return { isOpen, setIsOpen, toggleRef };
}

/** The signed-in area: sidebar (a drawer with an overlay on small screens), top bar and the page. */
export function AppLayout() {
  const drawer = useSidebarDrawer();
  // Task events are call details: a role without calls (billing) is not sent them, so the stream
  // waits for the role rather than open and be refused.
  const { allows } = useWorkspace();
  const isViewingTest = useViewingTestData();
  return (
    <RequireAuth fallback={<AppShellSkeleton />}>
      {(user) => (
        <div className="min-h-dvh lg:flex">
          {/* A new stream when the mode viewed flips: it shows one mode's events. */}
          {allows('useCalls') && <LiveStatus key={isViewingTest ? 'test' : 'live'} />}
          {/* On large screens this column runs the page's full height; the sidebar sticks inside it. */}
          <div className="lg:w-64 lg:shrink-0 lg:border-border lg:border-r lg:bg-surface">
            <AppSidebar user={user} id={SIDEBAR_ID} isOpen={drawer.isOpen} />
          </div>
          {drawer.isOpen && (
            <div
              aria-hidden="true"
              className="fixed inset-0 z-30 bg-overlay lg:hidden"
              onClick={() => drawer.setIsOpen(false)}
            />
          )}
          <div className="min-w-0 flex-1">
            <AppTopBar
              sidebarId={SIDEBAR_ID}
              isSidebarOpen={drawer.isOpen}
              onToggleSidebar={() => drawer.setIsOpen((open) => !open)}
              toggleRef={drawer.toggleRef}
            />
            <main className="px-4 py-8 sm:px-6 lg:px-10">
              <TestModeBanner />
              <LowBalanceBanner />
              <RoleGate>
                <Outlet context={user} />
              </RoleGate>
            </main>
          </div>
        </div>
      )}
    </RequireAuth>
  );
}
