import { LANDING_STATS } from '@conduit/contracts';

/** The hero's figures (spec section 1): 10k+ API calls per day, 99.9% uptime, 24/7 support. */
export function HeroStats() {
  return (
    <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-border border-t pt-6">
      {LANDING_STATS.map((stat) => (
        <div key={stat.label} className="flex flex-col">
          <dt className="text-muted text-sm">{stat.label}</dt>
          <dd className="order-first font-semibold text-2xl text-fg tracking-tight sm:text-3xl">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
