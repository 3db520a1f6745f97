import { ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Which ends of a sideways-scrolling box hide content. Both read "nothing hidden" until measured,
 * so prerendered markup and the first client render agree.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ hidesStart: false, hidesEnd: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const hidesStart = box.scrollLeft > 1;
    const hidesEnd = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setEdges((current) =>
      current.hidesStart === hidesStart && current.hidesEnd === hidesEnd ? current : { hidesStart, hidesEnd },
    );
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { ref, ...edges };
}

const FADES = {
  bg: { start: 'from-bg', end: 'from-bg' },
  'surface-2': { start: 'from-surface-2', end: 'from-surface-2' },
} as const;

/**
 * Fades over the ends of a sideways-scrolling box that hide content, and a chevron at the end:
 * on a phone, a tab row or a code line that runs off the screen says so. Purely visual (the
 * content itself stays reachable by scrolling and the keyboard); place inside a `relative` box.
 */
export function ScrollHints({
  hidesStart,
  hidesEnd,
  tone = 'bg',
}: {
  hidesStart: boolean;
  hidesEnd: boolean;
  tone?: keyof typeof FADES;
}) {
  return (
    <>
      {hidesStart && (
        <span
          aria-hidden="true"
          data-scroll-hint="start"
          className={`pointer-events-none absolute inset-y-0 left-0 w-8 bg-linear-to-r to-transparent ${FADES[tone].start}`}
        />
      )}
      {hidesEnd && (
        <span
          aria-hidden="true"
          data-scroll-hint="end"
          className={`pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end bg-linear-to-l to-transparent ${FADES[tone].end}`}
        >
          <ChevronRight className="size-4 text-muted" />
        </span>
      )}
    </>
  );
}
