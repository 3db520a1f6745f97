import type { AdminTab } from '@conduit/contracts';
import { useMemo } from 'react';
import { TabList } from '../../components/ui/tab-list.tsx';

export const TAB_LABELS: Record<AdminTab, string> = {
  overview: 'Overview',
  users: 'Users',
  teams: 'Teams',
  revenue: 'Revenue',
  features: 'Features',
  health: 'System Health',
  channels: 'Channels',
  support: 'Support',
  waitlist: 'Waitlist',
  audit: 'Audit log',
};

export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const panelId = (tab: AdminTab) => `admin-panel-${tab}`;

/** The admin sections, opened by Enter, Space or a click (manual activation): opening one loads its data. */
export function AdminTabs({
  tabs,
  active,
  onSelect,
}: {
  tabs: readonly AdminTab[];
  active: AdminTab;
  onSelect: (tab: AdminTab) => void;
}) {
  const defs = useMemo(() => tabs.map((tab) => ({ id: tab, label: TAB_LABELS[tab] })), [tabs]);
  return (
    <TabList
      tabs={defs}
      active={active}
      label="Admin sections"
      activation="manual"
      tabId={tabId}
      panelId={panelId}
      onSelect={onSelect}
    />
  );
}
