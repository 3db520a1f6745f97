import type { ReactNode } from 'react';

/** A page's title (its h1) and the line under it that says what the page is for. */
export function PageTitle({ title, lead }: { title: ReactNode; lead: ReactNode }) {
  return (
    <div>
      <h1 className="font-semibold text-2xl text-fg tracking-tight">{title}</h1>
      <p className="mt-1 text-muted">{lead}</p>
    </div>
  );
}
