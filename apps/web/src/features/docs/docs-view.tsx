import { lazy, Suspense } from 'react';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { TabList, TabPanel } from '../../components/ui/tab-list.tsx';
import { DocsContext, type DocsSettings } from './docs-context.ts';
import { DOCS_TAB_IDS, DOCS_TABS } from './docs-tabs.ts';
import { OverviewTab } from './overview-tab.tsx';
import { useDocsTab } from './use-docs-tab.ts';

/**
 * Overview is prerendered and hydrated with the page, so it is in the page's chunk. The other tabs
 * carry the schema code of the field tables (zod): they are fetched when a tab is first pointed
 * at, focused or opened, which keeps that code off the first load of /docs.
 */
const preloadReferenceTabs = () => import('./reference-tabs.tsx');
const ReferenceTab = lazy(preloadReferenceTabs);

/**
 * The tabbed reference both doc sites share: the site decides the tab names, the base path for
 * links and (in /app/docs) the key the examples carry. Only the open tab is mounted.
 */
export function DocsView({ settings }: { settings: DocsSettings }) {
  const { active, select } = useDocsTab(settings.site);
  return (
    <DocsContext value={settings}>
      <TabList
        tabs={DOCS_TABS[settings.site]}
        active={active}
        label="Documentation sections"
        activation="automatic"
        ids={DOCS_TAB_IDS}
        onSelect={select}
        onIntent={preloadReferenceTabs}
      />
      <TabPanel ids={DOCS_TAB_IDS} tab={active} className="mt-8 min-w-0">
        {active === 'overview' ? (
          <OverviewTab />
        ) : (
          <Suspense fallback={<RowsSkeleton rows={4} rowClassName="h-24 rounded-2xl" />}>
            <ReferenceTab tab={active} />
          </Suspense>
        )}
      </TabPanel>
    </DocsContext>
  );
}
