import { REFERRAL_BOOST_POSITIONS } from '@conduit/contracts';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { HeroFrame } from '../landing/hero-frame.tsx';
import { useWaitlistModals } from './waitlist-modals-context.ts';

export function WaitlistHero() {
  const { openJoin, openContactSales } = useWaitlistModals();
  return (
    <HeroFrame
      badge="Launching soon · Early access by invitation"
      invitation="Join the waitlist and we will invite you as soon as your spot comes up."
      actions={
        <>
          <Button size="lg" onClick={openJoin}>
            Join the waitlist
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
          <Button size="lg" variant="secondary" onClick={openContactSales}>
            Contact sales
          </Button>
        </>
      }
      note={<>Each friend who joins through your link moves you up {REFERRAL_BOOST_POSITIONS} places.</>}
    />
  );
}
