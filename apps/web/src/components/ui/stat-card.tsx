import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LabelledCard } from './labelled-card.tsx';

/**
 * One figure under its label; the label names the region, so "Credits balance" finds the number.
 * `headingLevel` fits the card into the page's outline (3 inside a titled section).
 */
export function StatCard({
  label,
  value,
  exact,
  note,
  Icon,
  headingLevel = 2,
}: {
  label: string;
  value: string;
  /** The unabbreviated figure, offered on hover when `value` is abbreviated. */
  exact?: string;
  note?: ReactNode;
  Icon: LucideIcon;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <LabelledCard>
      {(labelId) => (
        <>
          <div className="flex items-center justify-between gap-3">
            <Heading id={labelId} className="font-medium text-muted text-sm">
              {label}
            </Heading>
            <Icon aria-hidden="true" className="size-5 text-primary-text" />
          </div>
          <p
            className="mt-3 font-semibold text-3xl text-fg tracking-tight"
            title={exact !== undefined && exact !== value ? exact : undefined}
          >
            {value}
          </p>
          {note && <div className="mt-1 text-muted text-xs">{note}</div>}
        </>
      )}
    </LabelledCard>
  );
}

/** Stat cards side by side: one column on phones, two, then four on wide screens. */
export function StatGrid({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-4 ${className}`}>{children}</div>;
}
