import type { AdminTab } from '@conduit/contracts';
import { type KeyboardEvent, useRef } from 'react';

export const TAB_LABELS: Record<AdminTab, string> = {
  overview: 'Overview',
  users: 'Users',
  revenue: 'Revenue',
  features: 'Features',
  health: 'System Health',
  support: 'Support',
  waitlist: 'Waitlist',
  audit: 'Audit log',
};

export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const panelId = (tab: AdminTab) => `admin-panel-${tab}`;

/**
 * The WAI-ARIA tabs pattern with manual activation: arrows, Home and End move focus, Enter or Space
 * (a click) opens the tab, since opening one loads its data.
 */
export function AdminTabs({
  tabs,
  active,
  onSelect,
}: {
  tabs: readonly AdminTab[];
  active: AdminTab;
  onSelect: (tab: AdminTab) => void;
}) {
  const refs = useRef(new Map<AdminTab, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => refs.current.get(tab) === document.activeElement);
    if (current < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: (current + 1) % tabs.length,
      ArrowLeft: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab) refs.current.get(tab)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Admin sections"
      onKeyDown={onKeyDown}
      className="-mx-4 flex gap-1 overflow-x-auto border-border border-b px-4 sm:mx-0 sm:px-0"
    >
      {tabs.map((tab) => {
        const isActive = tab === active;
        return (
          <button
            key={tab}
            ref={(node) => {
              if (node) refs.current.set(tab, node);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={isActive}
            aria-controls={panelId(tab)}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onSelect(tab)}
            className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2.5 font-medium text-sm transition-colors ${
              isActive
                ? 'border-primary text-primary-text'
                : 'border-transparent text-muted hover:border-border hover:text-fg'
            }`}
          >
            {TAB_LABELS[tab]}
          </button>
        );
      })}
    </div>
  );
}
