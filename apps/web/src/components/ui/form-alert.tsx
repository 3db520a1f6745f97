import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** A form-level error (a failed submit check or the server's answer), announced when it appears. */
export function FormAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-fg text-sm">
      <div className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
        <p>{children}</p>
      </div>
      {action && <div className="mt-3 pl-6">{action}</div>}
    </div>
  );
}
