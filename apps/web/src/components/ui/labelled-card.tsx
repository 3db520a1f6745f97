import { type ReactNode, useId } from 'react';

/** A card of a page: rounded, bordered, on the surface colour. */
export const CARD_CLASSES = 'rounded-2xl border border-border bg-surface shadow-card';

/**
 * A card that is a region named by its own heading: `children` gets the id that heading carries.
 * `className` adds the padding (and anything else) to `CARD_CLASSES`.
 */
export function LabelledCard({
  className = 'p-5',
  children,
}: {
  className?: string;
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${CARD_CLASSES} ${className}`}>
      {children(headingId)}
    </section>
  );
}
