import type { AdminTab } from '@conduit/contracts';
import { useMemo } from 'react';
import { TabList, tabIds } from '../../components/ui/tab-list.tsx';

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

export const ADMIN_TAB_IDS = tabIds<AdminTab>('admin');

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
      ids={ADMIN_TAB_IDS}
      onSelect={onSelect}
    />
  );
}
