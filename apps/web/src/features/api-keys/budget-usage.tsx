import { type ApiKey, KEY_SCREEN_TEXTS, SPEND_PERIOD_LABELS } from '@conduit/contracts';
import { formatCount, formatDateTime } from '../../lib/format.ts';

/** "resets Jan 6, 2026, 1:00 AM" for a day or month budget; nothing for a total one. */
const resetText = (key: ApiKey) => (key.spentResetsAt ? `resets ${formatDateTime(key.spentResetsAt)}` : '');

/**
 * A key's budget: a small bar of `spent / limit` credits, the period and when it starts again
 * (also in the title, for a pointer's hover); "No limit" when the key has none.
 */
export function BudgetUsage({ apiKey }: { apiKey: ApiKey }) {
  const { spendLimit, spent } = apiKey;
  if (!spendLimit) return <span className="text-muted">{KEY_SCREEN_TEXTS.noLimit}</span>;
  const share = Math.min(1, spent / spendLimit.credits);
  const tone = share >= 1 ? 'bg-danger' : share >= 0.8 ? 'bg-warning' : 'bg-primary';
  const period = [SPEND_PERIOD_LABELS[spendLimit.period], resetText(apiKey)].filter(Boolean).join(', ');
  return (
    <div
      className="min-w-28"
      title={`${formatCount(spent)} of ${formatCount(spendLimit.credits)} credits ${period}`}
    >
      <p className="text-fg tabular-nums">
        {formatCount(spent)} / {formatCount(spendLimit.credits)} credits
      </p>
      <div
        aria-hidden="true"
        className="mt-1 h-1.5 w-full max-w-40 overflow-hidden rounded-full bg-surface-2"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="mt-1 text-muted text-xs">{period}</p>
    </div>
  );
}
