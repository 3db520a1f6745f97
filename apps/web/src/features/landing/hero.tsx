import { FREE_CREDITS_ON_VERIFY, MESSAGES } from '@conduit/contracts';
import { Play } from 'lucide-react';
import { HeroFrame } from './hero-frame.tsx';
import { useLandingActions } from './use-landing-actions.ts';

export function Hero() {
  const { getStarted, watchDemo } = useLandingActions();
  return (
    <HeroFrame
      badge={<>Pay as you go · {MESSAGES.creditsNeverExpire}</>}
      invitation="Buy credits when you need them and spend them on any service."
      primary={{ label: 'Get started free', onClick: getStarted }}
      secondary={{
        label: (
          <>
            <Play aria-hidden="true" className="size-4" />
            Watch demo
          </>
        ),
        onClick: watchDemo,
      }}
      note={<>{FREE_CREDITS_ON_VERIFY} free credits when you verify your email. No card required.</>}
    />
  );
}
