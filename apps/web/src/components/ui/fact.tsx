import type { ReactNode } from 'react';

/** One term and its value in a description list (<dl>) of facts. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted text-xs">{term}</dt>
      <dd className="mt-1 break-words text-fg text-sm">{children}</dd>
    </div>
  );
}
