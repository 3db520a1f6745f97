import { Palette } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { useDismiss } from '../../components/ui/use-dismiss.ts';
import { useDisclosure } from '../../lib/use-disclosure.ts';
import { ThemePanel } from './theme-panel.tsx';

const PANEL_ID = 'theme-settings';

/** Header button that opens the theme settings (mode, colour preset, background). */
export function ThemeSwitcher() {
  const { isOpen, setIsOpen, toggleProps } = useDisclosure(PANEL_ID);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setIsOpen(false);
    triggerRef.current?.focus();
  }, [setIsOpen]);
  useDismiss(rootRef, isOpen, close);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label="Theme settings"
        {...toggleProps}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
      >
        <Palette aria-hidden="true" className="size-5" />
      </button>
      {isOpen && <ThemePanel id={PANEL_ID} />}
    </div>
  );
}
