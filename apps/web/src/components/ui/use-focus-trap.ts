import { type RefObject, useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusableIn = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));

/**
 * Keeps keyboard focus inside `ref` while active: focuses its first control, cycles Tab and
 * Shift+Tab, calls onEscape on Escape, and gives focus back to the opener when it ends.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, isActive: boolean, onEscape: () => void) {
  useEffect(() => {
    const container = ref.current;
    if (!isActive || !container) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (focusableIn(container)[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscape();
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
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !container.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // After the other cleanups of this commit (the page behind stops being inert).
      queueMicrotask(() => opener?.focus());
    };
  }, [ref, isActive, onEscape]);
}
