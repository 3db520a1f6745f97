import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { HeaderBar } from '../../components/layout/header-bar.tsx';
import { HEADER_NAV } from '../../components/layout/nav-items.ts';
import { NavLinks } from '../../components/layout/nav-links.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { useDisclosure } from '../../lib/use-disclosure.ts';
import { AccountMenu } from '../auth/account-menu.tsx';
import { type AuthView, preloadAuthModal, useAuthModal } from '../auth/auth-modal-context.ts';
import { useSessionUser } from '../auth/session-user.ts';
import { ThemeSwitcher } from '../theme/theme-switcher.tsx';

const MOBILE_NAV_ID = 'mobile-nav';

export function SiteHeader() {
  const { openAuthModal } = useAuthModal();
  // Undefined until hydrated and answered: the prerendered header is the signed-out one.
  const user = useSessionUser();
  const { isOpen: isMenuOpen, setIsOpen: setIsMenuOpen, toggleProps } = useDisclosure(MOBILE_NAV_ID);
  const location = useLocation();
  const [menuLocation, setMenuLocation] = useState(location);
  if (menuLocation !== location) {
    setMenuLocation(location);
    setIsMenuOpen(false);
  }

  const openAuth = (view: AuthView) => {
    setIsMenuOpen(false);
    openAuthModal(view);
  };

  const authButtons = (
    <>
      <Button variant="ghost" onClick={() => openAuth('login')} onPointerEnter={preloadAuthModal}>
        Sign in
      </Button>
      <Button onClick={() => openAuth('signup')} onPointerEnter={preloadAuthModal}>
        Get started
      </Button>
    </>
  );

  return (
    <HeaderBar
      nav={HEADER_NAV}
      actions={
        <>
          <ThemeSwitcher />
          {user ? (
            <AccountMenu user={user} />
          ) : (
            // While the session is unknown a browser that was signed in keeps these invisible
            // (auth/session-hint.ts), so they do not flash before its avatar menu.
            <div
              data-session-pending={user === undefined ? '' : undefined}
              className="hidden items-center gap-2 md:flex"
            >
              {authButtons}
            </div>
          )}
          <button
            type="button"
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            {...toggleProps}
            className="inline-flex size-9 items-center justify-center rounded-lg text-fg hover:bg-surface-2 md:hidden"
          >
            {isMenuOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </>
      }
      below={
        <div id={MOBILE_NAV_ID} hidden={!isMenuOpen} className="border-border border-t bg-bg md:hidden">
          <Container className="py-4">
            <nav aria-label="Mobile">
              <NavLinks
                items={HEADER_NAV}
                className="flex flex-col"
                linkClassName="block rounded-md px-2 py-3 text-fg hover:bg-surface-2"
              />
            </nav>
            {!user && (
              <div className="mt-4 grid grid-cols-2 gap-2 border-border border-t pt-4">{authButtons}</div>
            )}
          </Container>
        </div>
      }
    />
  );
}
