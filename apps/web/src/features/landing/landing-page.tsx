import { useAuthFailureNotice } from '../auth/use-auth-failure-notice.ts';
import { CtaSection } from './cta-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { Hero } from './hero.tsx';
import { PlatformSection } from './platform-section.tsx';
import { PricingSection } from './pricing-section.tsx';

export function LandingPage() {
  useAuthFailureNotice();
  return (
    <>
      <Hero />
      <FeaturesSection />
      <PlatformSection />
      <PricingSection />
      <CtaSection />
    </>
  );
}
