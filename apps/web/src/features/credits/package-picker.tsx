import {
  BILLING_TEXTS,
  type CreditPackage,
  formatCents,
  PAYMENT_TEXTS,
  packContents,
} from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/form-controls.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { formatCount, formatQuantity } from '../../lib/format.ts';
import { pageLocation } from '../../lib/page-location.ts';
import { readServerError } from '../../lib/server-error.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { BUY_CREDITS_ID, SAVE_CARD_PARAM } from './billing-api.ts';
import { paymentsApi } from './credits-api.ts';
import { PackOption } from './pack-option.tsx';

/** The pack the page was opened for (a pricing card's `?pack=`), else the popular one, else the smallest. */
const initialPack = (packs: CreditPackage[], preferred?: string | null) =>
  (packs.find((pack) => pack.name === preferred) ?? packs.find((pack) => pack.popular) ?? packs[0])?.name ??
  '';

function packSummary(pack: CreditPackage) {
  const contents = packContents(pack.credits);
  return `Enough for ${formatCount(contents.videos)} videos, ${formatCount(contents.scrapes)} LinkedIn scrapes, ${formatCount(contents.images)} images or ${formatCount(contents.removals)} watermark removals.`;
}

/**
 * Credit purchase (docs/product.md, "States and transitions"): pick a pack, press pay, go to the
 * payment provider's checkout. The button reads 'Processing...' from the press until the browser
 * has left the page.
 */
export function PackagePicker({
  packages,
  preferred,
}: {
  packages: Record<string, CreditPackage>;
  preferred?: string | null;
}) {
  const { error } = useNotify();
  const packs = Object.values(packages).sort((a, b) => a.price - b.price);
  const [selected, setSelected] = useState(() => initialPack(packs, preferred));
  // Replace card (auto top-up) opens the picker with "Save this card" ticked.
  const [searchParams] = useSearchParams();
  const wantsNewCard = searchParams.get(SAVE_CARD_PARAM) === '1';
  const [saveCard, setSaveCard] = useState(wantsNewCard);
  useEffect(() => {
    if (wantsNewCard) setSaveCard(true);
  }, [wantsNewCard]);
  const pack = packs.find((candidate) => candidate.name === selected);

  const checkout = useMutation({
    mutationFn: async (packageName: string) => {
      const { url } = await paymentsApi.createCheckout(packageName, saveCard);
      if (!url) throw new Error('The checkout session has no URL');
      return url;
    },
    onSuccess: (url) => pageLocation.assign(url),
    onError: (cause) => {
      const serverText = readServerError(cause).message;
      error(
        serverText
          ? { title: PAYMENT_TEXTS.checkoutFailed, message: serverText }
          : { message: PAYMENT_TEXTS.checkoutFailed },
      );
    },
  });
  const isProcessing = checkout.isPending || checkout.isSuccess;

  // Back from the checkout may restore this page from the back-forward cache, still 'Processing...'.
  const resetCheckout = checkout.reset;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) resetCheckout();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [resetCheckout]);

  // A radio group of packs and a checkbox: nothing to type or check field by field, so it stays
  // off the form hooks (useFormFields); a failed checkout is a notification.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pack && !isProcessing) checkout.mutate(pack.name);
  };

  return (
    <PageSection
      title="Buy credits"
      summary="One-time purchase, no subscription. Larger packs cost less per credit."
    >
      <form id={BUY_CREDITS_ID} onSubmit={onSubmit} className="mt-4 scroll-mt-20">
        <fieldset>
          <legend className="sr-only">Credit pack</legend>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
            {packs.map((option) => (
              <PackOption
                key={option.name}
                pack={option}
                isChecked={option.name === selected}
                isDisabled={isProcessing}
                onSelect={() => setSelected(option.name)}
              />
            ))}
          </div>
        </fieldset>
        {pack && (
          <div className="mt-4 flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-5">
            <div className="min-w-0">
              <p className="font-medium text-fg">
                {pack.label}: {formatQuantity(pack.credits, 'credit')} for {formatCents(pack.price)}
              </p>
              <p className="mt-1 text-muted text-sm">{packSummary(pack)}</p>
              <CheckboxField
                className="mt-3"
                label={BILLING_TEXTS.saveCardLabel}
                help={
                  wantsNewCard
                    ? BILLING_TEXTS.replaceCardHint
                    : 'Auto top-up can then buy packs with it when your balance runs low.'
                }
                checked={saveCard}
                disabled={isProcessing}
                onChange={(event) => setSaveCard(event.target.checked)}
              />
            </div>
            <Button type="submit" size="lg" disabled={isProcessing} className="shrink-0">
              <CreditCard aria-hidden="true" className="size-5" />
              {isProcessing ? PAYMENT_TEXTS.processing : `Pay ${formatCents(pack.price)}`}
            </Button>
          </div>
        )}
      </form>
    </PageSection>
  );
}
