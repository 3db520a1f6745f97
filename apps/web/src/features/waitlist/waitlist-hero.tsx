import { REFERRAL_BOOST_POSITIONS } from '@conduit/contracts';
import { HeroFrame } from '../landing/hero-frame.tsx';
import { useWaitlistModals } from './waitlist-modals-context.ts';

export function WaitlistHero() {
  const { openJoin, openContactSales } = useWaitlistModals();
  return (
    <HeroFrame
      badge="Launching soon · Early access by invitation"
      invitation="Join the waitlist and we will invite you as soon as your spot comes up."
      primary={{ label: 'Join the waitlist', onClick: openJoin }}
      secondary={{ label: 'Contact sales', onClick: openContactSales }}
      note={<>Each friend who joins through your link moves you up {REFERRAL_BOOST_POSITIONS} places.</>}
    />
  );
}
