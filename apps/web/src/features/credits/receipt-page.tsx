import {
  BILLING_TEXTS,
  boughtByText,
  formatCents,
  MESSAGES,
  type Receipt,
  ROUTES,
  receiptAddressLines,
} from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileDown, Printer } from 'lucide-react';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { buttonClasses } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { RequireAuth } from '../auth/require-auth.tsx';
import { receiptPdfUrl, receiptQuery } from './billing-api.ts';
import { SummaryLine } from './summary-line.tsx';

export const RECEIPT_LOAD_FAILED = 'Failed to load the receipt';

function Address({ details }: { details: NonNullable<Receipt['billingDetails']> }) {
  return (
    <address className="not-italic leading-6">
      {receiptAddressLines(details).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** One receipt as printed: seller, buyer's billing details, what was bought, when, and how. */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const amount = `${formatCents(receipt.amount)} ${receipt.currency.toUpperCase()}`;
  return (
    <article className="rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-10 print:border-0 print:p-0 print:shadow-none">
      {receipt.testMode && (
        <p
          role="note"
          className="mb-6 rounded-lg border-2 border-warning p-2 text-center font-bold text-warning tracking-widest"
        >
          {BILLING_TEXTS.testMode}: no real payment was taken
        </p>
      )}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-semibold text-2xl text-fg tracking-tight print:text-black">Receipt</h1>
          <p className="mt-1 text-muted text-sm">Payment {receipt.paymentId}</p>
        </div>
        <div className="text-sm leading-6 sm:text-right">
          <p className="font-semibold text-fg print:text-black">{receipt.seller.name}</p>
          <p className="text-muted">{receipt.seller.website}</p>
          <p className="text-muted">{receipt.seller.email}</p>
        </div>
      </header>
      <section aria-label="Billed to" className="mt-8 text-sm">
        <h2 className="font-medium text-muted text-xs uppercase tracking-wide">Billed to</h2>
        <div className="mt-2 text-fg print:text-black">
          {receipt.billingDetails ? (
            <Address details={receipt.billingDetails} />
          ) : (
            <p>No billing details saved.</p>
          )}
        </div>
      </section>
      <dl className="mt-8 divide-y divide-border border-border border-y">
        <SummaryLine isCompact term="Date paid">
          {formatDateTime(receipt.paidAt)}
        </SummaryLine>
        <SummaryLine
          isCompact
          term="Item"
        >{`${receipt.label} credit pack (${formatCount(receipt.credits)} credits)`}</SummaryLine>
        <SummaryLine isCompact term="Paid with">
          {receipt.method}
        </SummaryLine>
        <SummaryLine isCompact term="Bought by">
          {boughtByText(receipt)}
        </SummaryLine>
        <SummaryLine isCompact term="Amount paid">
          {amount}
        </SummaryLine>
      </dl>
    </article>
  );
}

function ReceiptLoader({ paymentId }: { paymentId: string }) {
  const receipt = useQuery({ ...receiptQuery(paymentId), retry: false });
  if (receipt.isPending) return <LoadingScreen label={MESSAGES.loading} />;
  if (receipt.isError) {
    return receipt.error instanceof ApiError && receipt.error.status === 404 ? (
      <FormAlert>{BILLING_TEXTS.receiptNotFound}</FormAlert>
    ) : (
      <LoadError
        message={RECEIPT_LOAD_FAILED}
        onRetry={() => void receipt.refetch()}
        isRetrying={receipt.isFetching}
      />
    );
  }
  return <ReceiptView receipt={receipt.data} />;
}

/** /app/credits/receipts/:paymentId: our own printable receipt, with its PDF, and the details frozen when paid. */
export function ReceiptPage() {
  useDocumentTitle('Receipt');
  const { paymentId = '' } = useParams();
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <ButtonLink to={ROUTES.appCredits} variant="secondary">
          Back to credits
        </ButtonLink>
        <div className="flex flex-wrap gap-2">
          <a href={receiptPdfUrl(paymentId)} download className={buttonClasses('secondary')}>
            <FileDown aria-hidden="true" className="size-4" />
            {BILLING_TEXTS.downloadPdf}
          </a>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      </div>
      <RequireAuth>{() => <ReceiptLoader paymentId={paymentId} />}</RequireAuth>
    </main>
  );
}
