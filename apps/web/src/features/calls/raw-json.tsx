import { ChevronRight } from 'lucide-react';

const PRE_CLASSES = 'max-h-[60vh] overflow-auto border-border border-t p-4 font-mono text-fg text-xs';

/** The answer as JSON, folded away until asked for. */
export function RawJson({ value, label = 'Raw JSON' }: { value: unknown; label?: string }) {
  return (
    <details className="group rounded-xl border border-border bg-surface-2">
      <summary className="flex cursor-pointer items-center gap-2 rounded-xl px-4 py-2.5 font-medium text-fg text-sm">
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
        {label}
      </summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre tabIndex={0} className={PRE_CLASSES}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}
