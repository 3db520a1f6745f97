import { type CreditPackage, formatCents, type Payment } from '@conduit/contracts';
import type { ReactNode } from 'react';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const COLUMNS = ['Date', 'Package', 'Credits', 'Amount', 'Status'] as const;

/** A cell that stacks under its own small label on phones, where the header row is only read aloud. */
function Cell({
  column,
  className = '',
  children,
}: {
  column: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={`px-4 py-3 align-middle max-sm:block max-sm:p-0 ${className}`}>
      <span aria-hidden="true" className="block text-muted text-xs sm:hidden">
        {column}
      </span>
      {children}
    </td>
  );
}

interface PaymentsTableProps {
  payments: Payment[];
  packages: Record<string, CreditPackage>;
  labelledBy: string;
}

export function PaymentsTable({ payments, packages, labelledBy }: PaymentsTableProps) {
  return (
    <div className="rounded-2xl border border-border bg-surface shadow-card">
      <table aria-labelledby={labelledBy} className="w-full text-left text-sm max-sm:block">
        <thead className="border-border border-b max-sm:sr-only">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium text-muted text-xs">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {payments.map((payment) => (
            <tr
              key={payment._id}
              className="border-border border-b last:border-b-0 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4"
            >
              <Cell column="Date" className="text-fg sm:whitespace-nowrap">
                <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
              </Cell>
              <Cell column="Package" className="text-fg">
                {packages[payment.package]?.label ?? payment.package}
              </Cell>
              <Cell column="Credits" className="text-fg">
                {formatCount(payment.credits)}
              </Cell>
              <Cell column="Amount" className="text-fg">
                {formatCents(payment.amount)}
                {payment.currency.toLowerCase() !== 'usd' && ` ${payment.currency.toUpperCase()}`}
              </Cell>
              <Cell column="Status">
                <PaymentStatusBadge status={payment.status} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
