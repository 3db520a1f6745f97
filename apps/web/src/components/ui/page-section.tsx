import { type ReactNode, useId } from 'react';

interface PageSectionProps {
  title: ReactNode;
  /** A line under the title. */
  summary?: ReactNode;
  /** What stands at the heading's end (an export link). */
  actions?: ReactNode;
  className?: string;
  /** The content; a function gets the heading's id, for a table it names. */
  children: ReactNode | ((headingId: string) => ReactNode);
}

/** A titled part of a page: a region named by its h2, with an optional summary and actions. */
export function PageSection({ title, summary, actions, className, children }: PageSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-semibold text-fg text-lg">
            {title}
          </h2>
          {summary && <p className="mt-1 text-muted text-sm">{summary}</p>}
        </div>
        {actions}
      </div>
      {typeof children === 'function' ? children(headingId) : children}
    </section>
  );
}
