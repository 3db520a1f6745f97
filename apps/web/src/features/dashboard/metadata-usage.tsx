import { METADATA_LIMITS, USAGE_BY_METADATA_ROUTE } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { callRoute } from '../../lib/api-client.ts';
import { SpendTable } from './spend-table.tsx';

export const METADATA_USAGE_TITLE = 'Usage by metadata';
export const METADATA_KEY_LABEL = 'Metadata key';
export const GROUP_BUTTON = 'Group';
export const NO_KEY_VALUE = '(no value)';

/** The first day of this month in the browser's calendar, as the `from` date input writes it. */
const monthStart = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;

/**
 * Spend grouped by one metadata key (docs/product.md, "Metadata"): the calls and net credits of
 * each value the key took, from a day (this month's first by default) to a day, both included
 * (whole UTC days, as the API counts them). Spend, so every role sees it.
 */
export function MetadataUsage() {
  const [key, setKey] = useState('');
  const [from, setFrom] = useState(monthStart());
  const [to, setTo] = useState('');
  const [asked, setAsked] = useState<{ key: string; from: string; to: string } | null>(null);
  const groups = useQuery({
    queryKey: ['usage-by-metadata', asked],
    enabled: asked !== null,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ groupBy: `metadata.${asked?.key}` });
      if (asked?.from) query.set('from', asked.from);
      if (asked?.to) query.set('to', asked.to);
      return callRoute(USAGE_BY_METADATA_ROUTE, { query, signal });
    },
  });
  const group = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) setAsked({ key: key.trim(), from, to });
  };
  return (
    <PageSection
      title={METADATA_USAGE_TITLE}
      summary="Calls and credits per value of one metadata key your calls carry (such as customer), refunds deducted."
    >
      {(headingId) => (
        <div className="mt-4 space-y-4">
          <form onSubmit={group} className="flex flex-wrap items-end gap-3">
            <TextField
              label={METADATA_KEY_LABEL}
              value={key}
              placeholder="customer"
              maxLength={METADATA_LIMITS.keyMaxLength}
              onChange={(event) => setKey(event.target.value)}
            />
            <TextField
              label="From"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
            <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
            <Button type="submit" disabled={!key.trim()}>
              {GROUP_BUTTON}
            </Button>
          </form>
          {groups.isError && (
            <p role="alert" className="text-danger text-sm">
              {groups.error instanceof Error ? groups.error.message : 'Failed to load the usage'}
            </p>
          )}
          {groups.data &&
            (groups.data.data.length === 0 ? (
              <p className="text-muted text-sm">No calls in these days.</p>
            ) : (
              <SpendTable
                groupColumn="Value"
                rows={groups.data.data}
                keyOf={(row) => row.value ?? ''}
                nameOf={(row) => row.value ?? <span className="text-muted">{NO_KEY_VALUE}</span>}
                labelledBy={headingId}
              />
            ))}
        </div>
      )}
    </PageSection>
  );
}
