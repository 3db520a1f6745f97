import { ROUTES, type WaitlistJoinResponse } from '@conduit/contracts';
import { useMemo, useState } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { useScrollToHash } from '../../components/layout/use-scroll-to-hash.ts';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Logo } from '../../components/ui/logo.tsx';
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
          <header className="sticky top-0 z-30 border-border border-b bg-bg/80 backdrop-blur-md">
            <Container className="flex h-16 items-center gap-4 sm:gap-6">
              <Link to={ROUTES.home} className="rounded-lg">
                <Logo />
              </Link>
              <nav aria-label="Main" className="hidden md:block">
                <ul className="flex items-center gap-1">
                  {NAV.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="rounded-md px-3 py-2 text-muted text-sm hover:text-fg">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="ml-auto flex items-center gap-2">
                <ThemeSwitcher />
                <div className="hidden sm:block">
                  <Button variant="ghost" onClick={modals.openContactSales}>
                    Contact sales
                  </Button>
                </div>
                <Button onClick={modals.openJoin}>Join the waitlist</Button>
              </div>
            </Container>
          </header>
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
