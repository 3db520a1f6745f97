import { PAGE_MAX_WIDTH_PX } from '@conduit/contracts';
import type { ComponentProps } from 'react';

/** The page column: full width up to the page maximum, with side padding. */
export function Container({ className = '', style, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={`mx-auto w-full px-4 sm:px-6 lg:px-8 ${className}`}
      style={{ maxWidth: PAGE_MAX_WIDTH_PX, ...style }}
      {...props}
    />
  );
}
