import type { WaitlistStanding } from '@conduit/contracts';

/** Position, priority score and wait, the figures of the success view and the status page. */
export function StandingFigures({
  standing,
}: {
  standing: Pick<WaitlistStanding, 'position' | 'score' | 'priority' | 'estimatedWait' | 'referrals'>;
}) {
  const figures = [
    { label: 'Your position', value: `#${standing.position.toLocaleString('en-US')}` },
    { label: 'Priority score', value: `${standing.score} · ${standing.priority}` },
    { label: 'Estimated wait', value: standing.estimatedWait },
    { label: 'Confirmed referrals', value: String(standing.referrals) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-xl border border-border bg-bg p-4">
          <dt className="text-muted text-xs">{figure.label}</dt>
          <dd className="mt-1 font-semibold text-fg text-xl tracking-tight">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
