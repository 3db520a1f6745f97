import { BILLING_TEXTS, type CreditPackage, formatCents, type Payment } from '@conduit/contracts';
import { Link } from 'react-router';
import { ColumnTable, type TableColumn } from '../../components/ui/column-table.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { formatCount } from '../../lib/format.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

export const RECEIPT_LINK = 'Receipt';

/** Stripe's hosted receipt opens in a new tab; ours is a page of the app. */
function ReceiptLink({ payment }: { payment: Payment }) {
  if (!payment.receiptUrl) return <span className="text-muted">-</span>;
  const label = <span className="sr-only"> for the {formatCents(payment.amount)} payment</span>;
  return payment.receiptUrl.startsWith('/') ? (
    <Link
      to={payment.receiptUrl}
      className="font-medium text-primary-text underline-offset-4 hover:underline"
    >
      {RECEIPT_LINK}
      {label}
    </Link>
  ) : (
    <a
      href={payment.receiptUrl}
      target="_blank"
      rel="noreferrer"
      className="font-medium text-primary-text underline-offset-4 hover:underline"
    >
      {RECEIPT_LINK}
      {label}
    </a>
  );
}

function columns(packages: Record<string, CreditPackage>): TableColumn<Payment>[] {
  return [
    {
      name: 'Date',
      className: 'text-fg sm:whitespace-nowrap',
      cell: (payment) => <Timestamp at={payment.createdAt} />,
    },
    {
      name: 'Package',
      className: 'text-fg',
      cell: (payment) => packages[payment.package]?.label ?? payment.package,
    },
    { name: 'Credits', className: 'text-fg', cell: (payment) => formatCount(payment.credits) },
    {
      name: 'Amount',
      className: 'text-fg',
      cell: (payment) => (
        <>
          {formatCents(payment.amount)}
          {payment.currency.toLowerCase() !== 'usd' && ` ${payment.currency.toUpperCase()}`}
        </>
      ),
    },
    {
      name: 'Status',
      cell: (payment) => (
        <>
          <PaymentStatusBadge status={payment.status} />
          {payment.failureMessage && <p className="mt-1 text-muted text-xs">{payment.failureMessage}</p>}
        </>
      ),
    },
    {
      name: 'Method',
      className: 'text-fg',
      cell: (payment) => (
        <>
          <span className="block">{payment.method ?? '-'}</span>
          <span className="block text-muted text-xs">
            {payment.kind === 'auto_topup' ? BILLING_TEXTS.autoTopUp : BILLING_TEXTS.checkout}
          </span>
        </>
      ),
    },
    { name: 'Receipt', cell: (payment) => <ReceiptLink payment={payment} /> },
  ];
}

interface PaymentsTableProps {
  payments: Payment[];
  packages: Record<string, CreditPackage>;
  labelledBy: string;
}

export function PaymentsTable({ payments, packages, labelledBy }: PaymentsTableProps) {
  return (
    <ColumnTable
      columns={columns(packages)}
      rows={payments}
      rowKey={(payment) => payment._id}
      labelledBy={labelledBy}
    />
  );
}
