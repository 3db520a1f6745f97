import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { ScrollHints, useScrollEdges } from './scroll-hint.tsx';

export interface TabDef<T extends string> {
  id: T;
  label: string;
}

/** What ties each tab to its panel: the tab's id and the id of the panel it controls. */
export interface TabIds<T extends string> {
  tabId: (tab: T) => string;
  panelId: (tab: T) => string;
}

/** Ids `<prefix>-tab-<tab>` and `<prefix>-panel-<tab>`, unique on the page for a distinct prefix. */
export const tabIds = <T extends string>(prefix: string): TabIds<T> => ({
  tabId: (tab) => `${prefix}-tab-${tab}`,
  panelId: (tab) => `${prefix}-panel-${tab}`,
});

/** The panel of `tab`, named by its tab. */
export function TabPanel<T extends string>({
  ids,
  tab,
  hidden,
  className,
  children,
}: {
  ids: TabIds<T>;
  tab: T;
  hidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={ids.panelId(tab)}
      aria-labelledby={ids.tabId(tab)}
      hidden={hidden}
      className={className}
    >
      {children}
    </div>
  );
}

/**
 * The WAI-ARIA tabs pattern: arrows, Home and End move the focus along the row. With `automatic`
 * activation moving also opens the tab; with `manual` (for tabs whose opening loads data) Enter or
 * Space, a click, opens it. On a phone the row scrolls sideways and keeps the open tab in view.
 * `onIntent` runs when a pointer or the focus reaches the row, before any tab opens, so the page
 * can fetch what the tabs need.
 */
export function TabList<T extends string>({
  tabs,
  active,
  label,
  activation,
  ids,
  onSelect,
  onIntent,
}: {
  tabs: readonly TabDef<T>[];
  active: T;
  label: string;
  activation: 'automatic' | 'manual';
  ids: TabIds<T>;
  onSelect: (tab: T) => void;
  onIntent?: () => void;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const { ref: listRef, hidesStart, hidesEnd } = useScrollEdges<HTMLDivElement>();
  const isFirstRender = useRef(true);

  // Sideways only, so the page itself does not jump.
  useEffect(() => {
    // The first tab starts in view: measuring then would only force a layout during hydration.
    const isStart = isFirstRender.current && active === tabs[0]?.id;
    isFirstRender.current = false;
    if (isStart) return;
    const list = listRef.current;
    const tab = refs.current.get(active);
    if (!list || !tab) return;
    const bounds = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < bounds.left) list.scrollLeft -= bounds.left - box.left + 16;
    else if (box.right > bounds.right) list.scrollLeft += box.right - bounds.right + 16;
  }, [active, tabs, listRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => refs.current.get(tab.id) === document.activeElement);
    if (current < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: (current + 1) % tabs.length,
      ArrowLeft: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    refs.current.get(tab.id)?.focus();
    if (activation === 'automatic') onSelect(tab.id);
  };

  return (
    <div className="relative -mx-4 sm:mx-0">
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        className="flex gap-1 overflow-x-auto border-border border-b px-4 sm:px-0"
      >
        {tabs.map((tab) => {
          const isActive = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={ids.tabId(tab.id)}
              aria-selected={isActive}
              aria-controls={ids.panelId(tab.id)}
              tabIndex={isActive ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2.5 font-medium text-sm transition-colors ${
                isActive
                  ? 'border-primary text-primary-text'
                  : 'border-transparent text-muted hover:border-border hover:text-fg'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <ScrollHints hidesStart={hidesStart} hidesEnd={hidesEnd} />
    </div>
  );
}
