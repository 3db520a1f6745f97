import { COPY_CONFIRMATION_MS, REFERRAL_BOOST_POSITIONS, WAITLIST_TEXTS } from '@conduit/contracts';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { NewTabLink } from '../../components/ui/new-tab-link.tsx';
import { shareLinks } from './share-links.ts';

/** The referral link with copy (2 s 'Copied!', docs/product.md, "Timings") and share buttons. */
export function ReferralShare({ referralLink }: { referralLink: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referralLink);
      setCopyFailed(false);
      setCopiedAt(Date.now());
    } catch {
      setCopyFailed(true);
    }
  };

  return (
    <div>
      <h3 className="font-semibold text-fg">Move up the list</h3>
      <p className="mt-1 text-muted text-sm">
        Every friend who joins through your link and confirms their email moves you up{' '}
        {REFERRAL_BOOST_POSITIONS} places.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          aria-label="Your referral link"
          value={referralLink}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-lg border border-border bg-bg px-3 font-mono text-fg text-sm"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copiedAt !== null ? (
            <Check aria-hidden="true" className="size-4 text-success" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copiedAt !== null ? WAITLIST_TEXTS.copied : 'Copy link'}
        </Button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm">
        {copyFailed && <span className="text-danger">Failed to copy to clipboard</span>}
      </p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {shareLinks(referralLink).map((link) => (
          <li key={link.label}>
            <NewTabLink
              href={link.href}
              className="inline-flex h-9 items-center rounded-lg border border-border bg-surface px-3 font-medium text-fg text-sm hover:bg-surface-2"
            >
              {link.label}
            </NewTabLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
