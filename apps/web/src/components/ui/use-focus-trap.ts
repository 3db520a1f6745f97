import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusableIn = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));

/**
 * Keeps keyboard focus inside `ref` while active: focuses its first control, cycles Tab and
 * Shift+Tab, calls onEscape on Escape, and gives focus back to the opener when it ends.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, isActive: boolean, onEscape: () => void) {
  // The latest handler without restarting the trap: a restart would pull focus back to the first
  // control whenever the owner re-renders with a new callback (every keystroke in a form).
  const onEscapeRef = useRef(onEscape);
  useLayoutEffect(() => {
    onEscapeRef.current = onEscape;
  });
  const openerRef = useRef<HTMLElement | null>(null);
  const isTrappingRef = useRef(false);

  useEffect(() => {
    const container = ref.current;
    if (!isActive || !container) return;
    isTrappingRef.current = true;
    const active = document.activeElement;
    if (!container.contains(active)) {
      openerRef.current = active instanceof HTMLElement ? active : null;
      (focusableIn(container)[0] ?? container).focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(container);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      isTrappingRef.current = false;
      document.removeEventListener('keydown', onKeyDown);
      // After the other cleanups of this commit (the page behind stops being inert). StrictMode
      // re-runs the effect straight away; then the trap is back on and focus stays inside.
      queueMicrotask(() => {
        if (!isTrappingRef.current) openerRef.current?.focus();
      });
    };
  }, [ref, isActive]);
}
