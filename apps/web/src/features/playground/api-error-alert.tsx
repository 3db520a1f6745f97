import { ERROR_CODES, ROUTES } from '@conduit/contracts';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatQuantity } from '../../lib/format.ts';

interface ErrorAnswer {
  error?: unknown;
  code?: unknown;
  field?: unknown;
  creditsRefunded?: unknown;
}

/**
 * An error answer of the public API as it came: its text for people and its code for programs, and
 * what a failed call gave back (`creditsRefunded`); `children` is what the page offers to fix it.
 */
export function ApiErrorAlert({
  status,
  body,
  children,
}: {
  status: number;
  body: unknown;
  children?: ReactNode;
}) {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as ErrorAnswer;
  const text = typeof answer.error === 'string' ? answer.error : String(body || 'No error text');
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-danger bg-danger-soft p-4 text-sm"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div className="min-w-0 space-y-1">
        <p className="break-words font-medium text-fg">{text}</p>
        <p className="font-mono text-fg text-xs">
          HTTP {status}
          {typeof answer.code === 'string' && ` · ${answer.code}`}
          {typeof answer.field === 'string' && ` · field: ${answer.field}`}
        </p>
        {typeof answer.creditsRefunded === 'number' && (
          <p className="text-fg">{formatQuantity(answer.creditsRefunded, 'credit')} refunded</p>
        )}
        {answer.code === ERROR_CODES.INSUFFICIENT_CREDITS && (
          <Link
            to={ROUTES.appCredits}
            className="inline-block text-primary-text underline underline-offset-2"
          >
            Buy credits
          </Link>
        )}
        {children}
      </div>
    </div>
  );
}
