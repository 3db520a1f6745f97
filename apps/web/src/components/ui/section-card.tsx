import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** One card of a page (settings, team): a heading with its icon, then its content. */
export function SectionCard({
  title,
  icon: Icon,
  isDanger = false,
  padding = 'p-6',
  children,
}: {
  title: string;
  icon: LucideIcon;
  isDanger?: boolean;
  /** A smaller card (one of the dashboard's) takes `p-5`. */
  padding?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-surface ${padding} shadow-card ${isDanger ? 'border-danger' : 'border-border'}`}
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-fg text-lg">
        <Icon aria-hidden="true" className={`size-5 ${isDanger ? 'text-danger' : 'text-primary-text'}`} />
        {title}
      </h2>
      {children}
    </section>
  );
}
