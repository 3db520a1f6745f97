import { BILLING_TEXTS, type CreditPackage, formatCents, type Payment } from '@conduit/contracts';
import { Link } from 'react-router';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { formatCount } from '../../lib/format.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const COLUMNS = ['Date', 'Package', 'Credits', 'Amount', 'Status', 'Method', 'Receipt'] as const;

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

interface PaymentsTableProps {
  payments: Payment[];
  packages: Record<string, CreditPackage>;
  labelledBy: string;
}

export function PaymentsTable({ payments, packages, labelledBy }: PaymentsTableProps) {
  return (
    <CardTable columns={COLUMNS} labelledBy={labelledBy}>
      {payments.map((payment) => (
        <tr key={payment._id} className={ROW_CLASSES}>
          <Cell column="Date" className="text-fg sm:whitespace-nowrap">
            <Timestamp at={payment.createdAt} />
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
            {payment.failureMessage && <p className="mt-1 text-muted text-xs">{payment.failureMessage}</p>}
          </Cell>
          <Cell column="Method" className="text-fg">
            <span className="block">{payment.method ?? '-'}</span>
            <span className="block text-muted text-xs">
              {payment.kind === 'auto_topup' ? BILLING_TEXTS.autoTopUp : BILLING_TEXTS.checkout}
            </span>
          </Cell>
          <Cell column="Receipt">
            <ReceiptLink payment={payment} />
          </Cell>
        </tr>
      ))}
    </CardTable>
  );
}
