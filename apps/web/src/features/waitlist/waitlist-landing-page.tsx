import { FeaturesSection } from '../landing/features-section.tsx';
import { PricingSection } from '../landing/pricing-section.tsx';
import { WaitlistHero } from './waitlist-hero.tsx';
import { useWaitlistModals } from './waitlist-modals-context.ts';
import { WaitlistSuccess } from './waitlist-success.tsx';

/**
 * Every path of the waitlist site but its own pages (docs/product.md, "Waitlist mode"): hero,
 * features, pricing.
 */
export function WaitlistLandingPage() {
  const { joined } = useWaitlistModals();
  return (
    <>
      {joined ? <WaitlistSuccess result={joined} /> : <WaitlistHero />}
      <FeaturesSection />
      <PricingSection />
    </>
  );
}
