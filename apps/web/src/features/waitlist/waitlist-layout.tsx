import { ROUTES, type WaitlistJoinResponse } from '@conduit/contracts';
import { useMemo, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { HeaderBar } from '../../components/layout/header-bar.tsx';
import { useScrollToHash } from '../../components/layout/use-scroll-to-hash.ts';
import { Button } from '../../components/ui/button.tsx';
import { AuthModalContext } from '../auth/auth-modal-context.ts';
import { ThemeSwitcher } from '../theme/theme-switcher.tsx';
import { ContactSalesDialog } from './contact-sales-dialog.tsx';
import { JoinWaitlistDialog } from './join-waitlist-dialog.tsx';
import { WaitlistFooter } from './waitlist-footer.tsx';
import { WaitlistModalsContext } from './waitlist-modals-context.ts';

const NAV = [
  { label: 'Features', to: ROUTES.features },
  { label: 'Pricing', to: ROUTES.pricing },
] as const;

/**
 * The waitlist site's frame: header, page, footer, and the two modals. The reused landing
 * sections call "get started" through the auth-modal context; here that opens the waitlist.
 */
export function WaitlistLayout() {
  useScrollToHash();
  const [isJoinOpen, setIsJoinOpen] = useState(false);
  const [isContactOpen, setIsContactOpen] = useState(false);
  const [joined, setJoined] = useState<WaitlistJoinResponse | null>(null);
  const [searchParams] = useSearchParams();
  const linkedCode = searchParams.get('ref')?.trim() || undefined;
  const [referralCode, setReferralCode] = useState(linkedCode);
  if (linkedCode && linkedCode !== referralCode) setReferralCode(linkedCode);

  const modals = useMemo(
    () => ({ openJoin: () => setIsJoinOpen(true), openContactSales: () => setIsContactOpen(true), joined }),
    [joined],
  );
  const authModal = useMemo(
    () => ({ openAuthModal: modals.openJoin, closeAuthModal: () => setIsJoinOpen(false) }),
    [modals],
  );

  return (
    <WaitlistModalsContext value={modals}>
      <AuthModalContext value={authModal}>
        <div className="flex min-h-dvh flex-col" data-site-mode="waitlist">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:text-fg"
          >
            Skip to content
          </a>
          <HeaderBar
            nav={NAV}
            actions={
              <>
                <ThemeSwitcher />
                <div className="hidden sm:block">
                  <Button variant="ghost" onClick={modals.openContactSales}>
                    Contact sales
                  </Button>
                </div>
                <Button onClick={modals.openJoin}>Join the waitlist</Button>
              </>
            }
          />
          <main id="main" className="flex-1">
            <Outlet />
          </main>
          <WaitlistFooter onContactSales={modals.openContactSales} />
        </div>
        <JoinWaitlistDialog
          isOpen={isJoinOpen}
          onClose={() => setIsJoinOpen(false)}
          referralCode={referralCode}
          onJoined={(result) => {
            setIsJoinOpen(false);
            setJoined(result);
          }}
        />
        {isContactOpen && <ContactSalesDialog onClose={() => setIsContactOpen(false)} />}
      </AuthModalContext>
    </WaitlistModalsContext>
  );
}
