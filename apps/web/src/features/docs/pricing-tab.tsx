import {
  CREDIT_PACKAGE_NAMES,
  CREDIT_PACKAGES,
  DEFAULT_LINKEDIN_PRICING,
  FREE_CREDITS_ON_VERIFY,
  formatCents,
  formatPricePerCredit,
  linkedinCredits,
  PACK_TEXTS,
  packContents,
  SERVICE_COST,
  SERVICE_LABELS,
  SERVICES,
} from '@conduit/contracts';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format.ts';
import { serviceCostText } from './cost-text.ts';
import { useDocsSettings } from './docs-context.ts';
import { DocSection, DocTable } from './docs-prose.tsx';
import { docsTabHref, MODELS_ANCHOR } from './docs-tabs.ts';
import { RateLimitsTable } from './rate-limits-table.tsx';

const CONTENTS_KEY = { image: 'images', video: 'videos', sora: 'removals', linkedin: 'scrapes' } as const;

/** Pricing: what each call costs, the credit packs, and the rate limits of each tier. */
export function PricingTab() {
  const { basePath } = useDocsSettings();
  return (
    <div className="space-y-12">
      <DocSection id="costs" title="Cost per call">
        <p>
          You pay per call in credits; status and account endpoints are free, and a failed task is refunded.
          Every new account gets {FREE_CREDITS_ON_VERIFY} free credits when its email is verified. Credits
          never expire.
        </p>
        <DocTable
          label="Cost per call"
          columns={['Service', 'Cost']}
          rows={SERVICES.map((service) => ({
            key: service,
            cells: [SERVICE_LABELS[service], serviceCostText(service)],
          }))}
        />
        <p>
          LinkedIn's price covers up to {DEFAULT_LINKEDIN_PRICING.includedPosts} posts asked for (
          <code className="font-mono">limit</code>, or <code className="font-mono">total_posts</code> when
          lower); each further {DEFAULT_LINKEDIN_PRICING.postsPerCredit} posts or part cost 1 credit more, so
          a request for 100 posts costs{' '}
          {formatCount(linkedinCredits(100, SERVICE_COST.linkedin, DEFAULT_LINKEDIN_PRICING))} credits. A
          quote (<code className="font-mono">POST /api/provider/quote</code>) gives this server's price.
        </p>
        <p>
          These are the prices of the default models. Every image and video model has its own price, and a
          price for each duration, resolution, sound or quality that changes what it costs:{' '}
          <Link
            to={docsTabHref(basePath, 'tasks', MODELS_ANCHOR)}
            className="font-medium text-primary-text underline underline-offset-2"
          >
            see Models
          </Link>
          .
        </p>
      </DocSection>

      <DocSection id="packages" title="Credit packs">
        <p>Buy a pack once and use it whenever; larger packs cost less per credit.</p>
        <DocTable
          label="Credit packs"
          columns={[
            'Pack',
            'Credits',
            'Price',
            'Per credit',
            ...SERVICES.map((service) => SERVICE_LABELS[service]),
          ]}
          rows={CREDIT_PACKAGE_NAMES.map((name) => {
            const pack = CREDIT_PACKAGES[name];
            const contents = packContents(pack.credits);
            return {
              key: name,
              cells: [
                <span key="pack" className="font-medium">
                  {pack.label}
                  {'savingsPercent' in pack ? (
                    <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 font-medium text-primary-text text-xs">
                      {PACK_TEXTS.savingsBadge(pack.savingsPercent)}
                    </span>
                  ) : null}
                </span>,
                formatCount(pack.credits),
                formatCents(pack.price),
                formatPricePerCredit(pack),
                ...SERVICES.map(
                  (service) => `${formatCount(contents[CONTENTS_KEY[service]])} ${CONTENTS_KEY[service]}`,
                ),
              ],
            };
          })}
        />
      </DocSection>

      <DocSection id="tiers" title="Rate limits">
        <p>Your first purchase moves the account from the Free to the Pro tier.</p>
        <RateLimitsTable />
      </DocSection>
    </div>
  );
}
