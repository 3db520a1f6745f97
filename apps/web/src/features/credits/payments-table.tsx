import { type CreditPackage, formatCents, type Payment } from '@conduit/contracts';
import { Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const COLUMNS = ['Date', 'Package', 'Credits', 'Amount', 'Status'] as const;

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
            <tr key={payment._id} className={ROW_CLASSES}>
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
