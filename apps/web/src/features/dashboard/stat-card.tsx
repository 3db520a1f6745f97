import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';

/** One figure with its label; the label names the region, so "Credits balance" finds the number. */
export function StatCard({
  label,
  value,
  note,
  Icon,
}: {
  label: string;
  value: string;
  note?: string;
  Icon: LucideIcon;
}) {
  const labelId = useId();
  return (
    <section
      aria-labelledby={labelId}
      className="rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={labelId} className="font-medium text-muted text-sm">
          {label}
        </h2>
        <Icon aria-hidden="true" className="size-5 text-primary-text" />
      </div>
      <p className="mt-3 font-semibold text-3xl text-fg tracking-tight">{value}</p>
      {note && <p className="mt-1 text-muted text-xs">{note}</p>}
    </section>
  );
}
