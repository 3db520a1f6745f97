import { ADMIN_TABS, type AdminTab } from '@conduit/contracts';
import { useSearchParams } from 'react-router';

export const TAB_PARAM = 'tab';
const DEFAULT_TAB: AdminTab = 'overview';

const isTab = (value: string | null, tabs: readonly AdminTab[]): value is AdminTab =>
  value !== null && (tabs as readonly string[]).includes(value);

/**
 * The open tab lives in the URL (?tab=users), so reload, links and Back all keep it. Overview is
 * the bare /admin; an unknown tab reads as Overview.
 */
export function useAdminTab(tabs: readonly AdminTab[] = ADMIN_TABS) {
  const [params, setParams] = useSearchParams();
  const value = params.get(TAB_PARAM);
  const active = isTab(value, tabs) ? value : DEFAULT_TAB;

  const select = (tab: AdminTab) => {
    if (tab === active) return;
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (tab === DEFAULT_TAB) next.delete(TAB_PARAM);
      else next.set(TAB_PARAM, tab);
      return next;
    });
  };
  return { active, select };
}
