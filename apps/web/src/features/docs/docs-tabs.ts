import { type TabDef, tabIds } from '../../components/ui/tab-list.tsx';

/**
 * The tabs of the two documentation sites, with the exact names of
 * docs/product.md, "Screens and routes". The public site ends with Pricing, the signed-in one with
 * Examples; both share the content in between.
 */
export type DocsTab =
  | 'overview'
  | 'authentication'
  | 'image'
  | 'video'
  | 'sora'
  | 'linkedin'
  | 'tasks'
  | 'testing'
  | 'changelog'
  | 'pricing'
  | 'examples';

export type DocsSite = 'public' | 'app';

/** The service tabs' labels on the public docs and in the app's shorter tab row. */
const SERVICE_TAB_LABELS = {
  image: ['Image API', 'Image'],
  video: ['Video API', 'Video'],
  sora: ['Sora Watermark Remover', 'Sora'],
  linkedin: ['LinkedIn API', 'LinkedIn'],
  tasks: ['Tasks and prices', 'Tasks'],
} as const;

/**
 * Overview, Authentication, a tab per service, Testing your integration (test mode), the API's
 * changelog, then the site's own last tab.
 */
const tabsOf = (site: DocsSite, last: TabDef<DocsTab>): readonly TabDef<DocsTab>[] => [
  { id: 'overview', label: 'Overview' },
  { id: 'authentication', label: 'Authentication' },
  ...Object.entries(SERVICE_TAB_LABELS).map(([id, labels]) => ({
    id: id as DocsTab,
    label: labels[site === 'public' ? 0 : 1],
  })),
  { id: 'testing', label: 'Testing' },
  { id: 'changelog', label: 'Changelog' },
  last,
];

export const DOCS_TABS: Record<DocsSite, readonly TabDef<DocsTab>[]> = {
  public: tabsOf('public', { id: 'pricing', label: 'Pricing' }),
  app: tabsOf('app', { id: 'examples', label: 'Examples' }),
};

export const DEFAULT_DOCS_TAB: DocsTab = 'overview';
export const DOCS_TAB_PARAM = 'tab';
/** The anchor of the error-code section at the end of Overview, linked from every endpoint. */
export const ERRORS_ANCHOR = 'errors';
/** The anchor of the model table in Tasks and prices, linked from the landing's prices. */
export const MODELS_ANCHOR = 'models';

export const DOCS_TAB_IDS = tabIds<DocsTab>('docs');

/** The tab a `?tab=` value opens on a site: unknown or absent values open Overview. */
export function docsTabFrom(value: string | null, site: DocsSite): DocsTab {
  return DOCS_TABS[site].find((tab) => tab.id === value)?.id ?? DEFAULT_DOCS_TAB;
}

/** Link to a tab (and optionally an anchor inside it) of the site at `basePath`. */
export function docsTabHref(basePath: string, tab: DocsTab, hash?: string): string {
  const search = tab === DEFAULT_DOCS_TAB ? '' : `?${DOCS_TAB_PARAM}=${tab}`;
  return `${basePath}${search}${hash ? `#${hash}` : ''}`;
}
