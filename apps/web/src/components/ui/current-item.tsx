import type { ReactNode } from 'react';

/** An item of a list to pick from: a button that says (`aria-current`) whether it is the one in use. */
export function CurrentItem({
  isCurrent,
  onPick,
  className,
  children,
}: {
  isCurrent: boolean;
  onPick: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        aria-current={isCurrent ? 'true' : undefined}
        onClick={onPick}
        className={className}
      >
        {children}
      </button>
    </li>
  );
}
