import { AuthenticationTab } from './authentication-tab.tsx';
import { DocsContext, type DocsSettings } from './docs-context.ts';
import { DocsTabList } from './docs-tab-list.tsx';
import { DOCS_TABS, type DocsTab, docsPanelId, docsTabId } from './docs-tabs.ts';
import { ExamplesTab } from './examples-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { PricingTab } from './pricing-tab.tsx';
import { ServiceTabPanel } from './service-tab.tsx';
import { useDocsTab } from './use-docs-tab.ts';

function TabContent({ tab }: { tab: DocsTab }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab />;
    case 'authentication':
      return <AuthenticationTab />;
    case 'pricing':
      return <PricingTab />;
    case 'examples':
      return <ExamplesTab />;
    default:
      return <ServiceTabPanel tab={tab} />;
  }
}

/**
 * The tabbed reference both doc sites share: the site decides the tab names, the base path for
 * links and (in /app/docs) the key the examples carry. Only the open tab is mounted.
 */
export function DocsView({ settings }: { settings: DocsSettings }) {
  const { active, select } = useDocsTab(settings.site);
  return (
    <DocsContext value={settings}>
      <DocsTabList
        tabs={DOCS_TABS[settings.site]}
        active={active}
        label="Documentation sections"
        onSelect={select}
      />
      <div
        role="tabpanel"
        id={docsPanelId(active)}
        aria-labelledby={docsTabId(active)}
        className="mt-8 min-w-0"
      >
        <TabContent tab={active} />
      </div>
    </DocsContext>
  );
}
