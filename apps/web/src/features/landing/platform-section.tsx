import { Activity, ChartColumn, Gauge, Infinity as InfinityIcon, KeyRound, RotateCcw } from 'lucide-react';
import { LandingSection } from './section-heading.tsx';

const CAPABILITIES = [
  {
    title: 'Scoped API keys',
    text: 'Create a key per app or environment and decide which services each one may call.',
    Icon: KeyRound,
  },
  {
    title: 'Async tasks, simple polling',
    text: 'Long jobs answer at once with a task id. Poll its status, or use the sync variant when you can wait.',
    Icon: Activity,
  },
  {
    title: 'Automatic refunds',
    text: 'Credits are debited when a task starts and returned if it fails on our side. Idempotency keys make retries safe.',
    Icon: RotateCcw,
  },
  {
    title: 'Predictable rate limits',
    text: 'Per-minute, hourly and daily limits with standard RateLimit headers, so your client knows when to back off.',
    Icon: Gauge,
  },
  {
    title: 'Usage you can read',
    text: 'Your dashboard shows the balance, active keys and 30 days of requests per service.',
    Icon: ChartColumn,
  },
  {
    title: 'Credits that never expire',
    text: 'No subscription and no monthly minimum. Buy once and spend next week or next year.',
    Icon: InfinityIcon,
  },
];

export function PlatformSection() {
  return (
    <LandingSection
      name="platform"
      eyebrow="Platform"
      title="Built for production from the first request"
      summary="The boring parts are done: authentication, billing, retries and limits work the same way on every endpoint."
      className="border-border border-y bg-surface"
    >
      <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {CAPABILITIES.map(({ title, text, Icon }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-border bg-bg text-primary-text">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold text-fg">{title}</h3>
              <p className="mt-1.5 text-muted text-sm leading-relaxed">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
