import { Menu } from 'lucide-react';
import type { Ref } from 'react';
import { usePageTitle } from '../../lib/use-document-title.ts';
import { ThemeSwitcher } from '../theme/theme-switcher.tsx';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { BalanceChip } from './balance-chip.tsx';
import { TestDataSwitch } from './test-data-switch.tsx';

/** The bar above every app page: the phone's menu button and page title, the balance, the theme. */
export function AppTopBar({
  sidebarId,
  isSidebarOpen,
  onToggleSidebar,
  toggleRef,
}: {
  sidebarId: string;
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
  toggleRef: Ref<HTMLButtonElement>;
}) {
  const title = usePageTitle();
  const { current } = useWorkspace();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-border border-b bg-bg/80 px-4 backdrop-blur-md sm:gap-3 sm:px-6">
      <button
        ref={toggleRef}
        type="button"
        aria-label="Toggle navigation"
        aria-expanded={isSidebarOpen}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg hover:bg-surface-2 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {/* The page's own h1 names it for screen readers; this repeats it where the sidebar is hidden. */}
      {/* The workspace in use stays in sight on phones too, where the sidebar (and its switcher) is hidden. */}
      <div className="min-w-0 lg:hidden">
        <p aria-hidden="true" className="truncate font-semibold text-fg leading-tight">
          {title}
        </p>
        {current && <p className="truncate text-muted text-xs leading-tight">{current.name}</p>}
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
        <TestDataSwitch className="max-sm:hidden" />
        <BalanceChip />
        <ThemeSwitcher />
      </div>
    </header>
  );
}
