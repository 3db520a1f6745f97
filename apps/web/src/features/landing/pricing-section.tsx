import {
  CREDIT_PACKAGES,
  type CreditPackage,
  LANDING_PACKAGE_NAMES,
  SAVINGS_BASELINE_PACK,
} from '@conduit/contracts';
import { ModelPrices } from './model-prices.tsx';
import { PricingCard } from './pricing-card.tsx';
import { LandingSection } from './section-heading.tsx';
import { useLandingActions } from './use-landing-actions.ts';

const LANDING_PACKS: CreditPackage[] = LANDING_PACKAGE_NAMES.map((name) => CREDIT_PACKAGES[name]);
const MAX_SAVINGS_PERCENT = Math.max(
  ...Object.values(CREDIT_PACKAGES).map((pack: CreditPackage) => pack.savingsPercent ?? 0),
);

export function PricingSection() {
  const { choosePack } = useLandingActions();
  return (
    <LandingSection
      name="pricing"
      isAnchor
      eyebrow="Pricing"
      title="Pay for what you use. Nothing else."
      summary="Buy a credit pack and spend it on any service. No subscription, no monthly minimum, and your credits never expire."
    >
      <ul className="mx-auto mt-14 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3">
        {LANDING_PACKS.map((pack) => (
          <PricingCard key={pack.name} pack={pack} onChoose={choosePack} />
        ))}
      </ul>
      <p className="mt-10 text-center text-muted text-sm">
        Need more volume? Larger packs save up to {MAX_SAVINGS_PERCENT}% on the{' '}
        {CREDIT_PACKAGES[SAVINGS_BASELINE_PACK].label} rate and are available from your dashboard.
      </p>
      <ModelPrices />
    </LandingSection>
  );
}
