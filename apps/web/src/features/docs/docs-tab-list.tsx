import { type KeyboardEvent, useEffect, useRef } from 'react';
import { type DocsTab, type DocsTabDef, docsPanelId, docsTabId } from './docs-tabs.ts';

/**
 * The WAI-ARIA tabs pattern with automatic activation: arrows, Home and End move to and open a
 * tab. On a phone the row scrolls sideways. `onIntent` runs when a pointer or the focus reaches the
 * row, before any tab opens, so the page can fetch what the tabs need.
 */
export function DocsTabList({
  tabs,
  active,
  label,
  onSelect,
  onIntent,
}: {
  tabs: readonly DocsTabDef[];
  active: DocsTab;
  label: string;
  onSelect: (tab: DocsTab) => void;
  onIntent?: () => void;
}) {
  const refs = useRef(new Map<DocsTab, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const isFirstRender = useRef(true);

  // On a phone the row is wider than the screen: keep the open tab in view (sideways only, so
  // the page itself does not jump).
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
  }, [active, tabs]);

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
    onSelect(tab.id);
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className="-mx-4 flex gap-1 overflow-x-auto border-border border-b px-4 sm:mx-0 sm:px-0"
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
            id={docsTabId(tab.id)}
            aria-selected={isActive}
            aria-controls={docsPanelId(tab.id)}
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
  );
}
