import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToHash } from '../../components/layout/use-scroll-to-hash.ts';
import { AuthenticationTab } from './authentication-tab.tsx';
import { ChangelogTab } from './changelog-tab.tsx';
import type { DocsTab } from './docs-tabs.ts';
import { ExamplesTab } from './examples-tab.tsx';
import { PricingTab } from './pricing-tab.tsx';
import { ServiceTabPanel } from './service-tab.tsx';
import { TestingTab } from './testing-tab.tsx';

/**
 * Every tab but Overview, in a chunk of its own (see docs-view.tsx): their field tables read the
 * zod schemas, which the prerendered Overview does not need.
 */
export default function ReferenceTab({ tab }: { tab: Exclude<DocsTab, 'overview'> }) {
  const { hash } = useLocation();
  // This chunk arrives after the page: a link to one of its endpoints (?tab=video#createVideo)
  // can only be followed once it is here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival; later links are the layout's
  useEffect(() => {
    if (hash) scrollToHash(hash);
  }, []);
  switch (tab) {
    case 'authentication':
      return <AuthenticationTab />;
    case 'changelog':
      return <ChangelogTab />;
    case 'testing':
      return <TestingTab />;
    case 'pricing':
      return <PricingTab />;
    case 'examples':
      return <ExamplesTab />;
    default:
      return <ServiceTabPanel tab={tab} />;
  }
}
