import { ROUTES, WORKSPACE_ROLE_SUMMARIES } from '@conduit/contracts';
import { CreditCard } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';

export const BILLING_ACTIONS_TITLE = 'Billing';
export const BUY_CREDITS_LABEL = 'Buy credits';
export const BILLING_ACTIONS_TEXT =
  'Auto top-up, purchases with their receipts, low-balance alerts and billing details are on the Credits page. API keys, calls and the playground are for owners, admins and developers.';

/**
 * In place of the getting-started steps for a member without keys or calls (billing): what the
 * role is for, and where it does it (docs/product.md, "Teams in the web app").
 */
export function BillingActions() {
  return (
    <SectionCard title={BILLING_ACTIONS_TITLE} icon={CreditCard} padding="p-5">
      <p className="mt-2 text-fg text-sm">Your role: {WORKSPACE_ROLE_SUMMARIES.billing}</p>
      <p className="mt-1 text-muted text-sm">{BILLING_ACTIONS_TEXT}</p>
      <ButtonLink to={ROUTES.appCredits} size="sm" className="mt-4">
        {BUY_CREDITS_LABEL}
      </ButtonLink>
    </SectionCard>
  );
}
