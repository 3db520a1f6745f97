import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** One admin figure under its label; the label names the region, so tests and readers find it. */
export function AdminStatCard({
  label,
  value,
  exact,
  note,
  Icon,
}: {
  label: string;
  value: string;
  /** The unabbreviated figure, offered on hover when `value` is abbreviated. */
  exact?: string;
  note?: ReactNode;
  Icon: LucideIcon;
}) {
  const labelId = useId();
  return (
    <section
      aria-labelledby={labelId}
      className="rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={labelId} className="font-medium text-muted text-sm">
          {label}
        </h3>
        <Icon aria-hidden="true" className="size-5 text-primary-text" />
      </div>
      <p
        className="mt-3 font-semibold text-3xl text-fg tracking-tight"
        title={exact !== value ? exact : undefined}
      >
        {value}
      </p>
      {note && <div className="mt-1 text-muted text-xs">{note}</div>}
    </section>
  );
}
