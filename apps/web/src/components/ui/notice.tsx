import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface NoticeProps {
  /** The landmark's name, and the bold start of its text (`lead` ends it: ":" or "."). */
  title: string;
  lead: ':' | '.';
  icon: LucideIcon;
  /** A region of the page (`section`) or an aside to its content (`aside`). */
  landmark: 'section' | 'aside';
  /** A link or button after the text, which then wraps below it on narrow screens. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A warning across the top of a page or section: its icon, its title in bold, the text, an action. */
export function Notice({
  title,
  lead,
  icon: Icon,
  landmark: Landmark,
  action,
  className = '',
  children,
}: NoticeProps) {
  return (
    <Landmark
      aria-label={title}
      className={[
        className,
        'flex',
        action ? 'flex-wrap items-center gap-x-3 gap-y-2' : 'gap-3',
        'rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <Icon aria-hidden="true" className={`${action ? '' : 'mt-0.5 '}size-4 shrink-0 text-warning`} />
      <p className={`${action ? 'flex-1 ' : ''}text-fg`}>
        <span className="font-semibold">
          {title}
          {lead}
        </span>{' '}
        {children}
      </p>
      {action}
    </Landmark>
  );
}
