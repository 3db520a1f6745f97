import { useSearchParams } from 'react-router';
import { DEFAULT_DOCS_TAB, DOCS_TAB_PARAM, type DocsSite, type DocsTab, docsTabFrom } from './docs-tabs.ts';

/**
 * The open tab lives in the URL (?tab=image), so it can be linked and Back returns to the previous
 * tab. Overview is the bare path.
 */
export function useDocsTab(site: DocsSite) {
  const [params, setParams] = useSearchParams();
  const active = docsTabFrom(params.get(DOCS_TAB_PARAM), site);

  const select = (tab: DocsTab) => {
    if (tab === active) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tab === DEFAULT_DOCS_TAB) next.delete(DOCS_TAB_PARAM);
        else next.set(DOCS_TAB_PARAM, tab);
        return next;
      },
      { preventScrollReset: true },
    );
  };
  return { active, select };
}
