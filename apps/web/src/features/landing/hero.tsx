import { FREE_CREDITS_ON_VERIFY, MESSAGES } from '@conduit/contracts';
import { ArrowRight, Play } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { HeroFrame } from './hero-frame.tsx';
import { useLandingActions } from './use-landing-actions.ts';

export function Hero() {
  const { getStarted, watchDemo } = useLandingActions();
  return (
    <HeroFrame
      badge={<>Pay as you go · {MESSAGES.creditsNeverExpire}</>}
      invitation="Buy credits when you need them and spend them on any service."
      actions={
        <>
          <Button size="lg" onClick={getStarted}>
            Get started free
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
          <Button size="lg" variant="secondary" onClick={watchDemo}>
            <Play aria-hidden="true" className="size-4" />
            Watch demo
          </Button>
        </>
      }
      note={<>{FREE_CREDITS_ON_VERIFY} free credits when you verify your email. No card required.</>}
    />
  );
}
