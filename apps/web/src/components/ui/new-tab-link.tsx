import type { ComponentProps } from 'react';

/** A link to another site, opened in a new tab that gets no hold on this one (`noopener noreferrer`). */
export function NewTabLink({ children, ...props }: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </a>
  );
}
