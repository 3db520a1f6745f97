import { Palette } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../../components/ui/use-dismiss.ts';
import { ThemePanel } from './theme-panel.tsx';

const PANEL_ID = 'theme-settings';

/** Header button that opens the theme settings (mode, colour preset, background). */
export function ThemeSwitcher() {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setIsOpen(false);
    triggerRef.current?.focus();
  }, []);
  useDismiss(rootRef, isOpen, close);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label="Theme settings"
        aria-expanded={isOpen}
        aria-controls={PANEL_ID}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
      >
        <Palette aria-hidden="true" className="size-5" />
      </button>
      {isOpen && <ThemePanel id={PANEL_ID} />}
    </div>
  );
}
