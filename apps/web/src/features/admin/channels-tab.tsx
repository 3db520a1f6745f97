import type { AdminChannel } from '@conduit/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';
import { adminApi, adminChannelsQuery, refreshAdminData } from './admin-api.ts';
import { featureLabel, formatPercent } from './admin-format.ts';
import { QueryView } from './admin-load-error.tsx';

const COLUMNS = [
  'Channel',
  'Enabled',
  'Priority',
  'Calls (1 h)',
  'Error rate',
  'p50 / p95',
  'Circuit',
  'Balance',
] as const;
const ms = (value: number | null) => (value === null ? '–' : `${formatCount(value)} ms`);

function ChannelRow({ channel }: { channel: AdminChannel }) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (body: { enabled?: boolean; priority?: number }) => adminApi.updateChannel(channel.id, body),
    onSettled: () => refreshAdminData(queryClient),
  });
  const name = `${featureLabel(channel.service)} on ${channel.upstream}`;
  return (
    <tr className={ROW_CLASSES}>
      <Cell column="Channel" className="font-medium text-fg max-sm:col-span-2">
        {name}
      </Cell>
      <Cell column="Enabled" className="text-fg">
        <input
          type="checkbox"
          aria-label={`${name} enabled`}
          checked={channel.enabled}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ enabled: event.target.checked })}
        />
      </Cell>
      <Cell column="Priority" className="text-fg tabular-nums">
        <input
          type="number"
          min={0}
          max={1000}
          aria-label={`${name} priority`}
          defaultValue={channel.priority}
          disabled={update.isPending}
          className="w-20 rounded border border-border bg-bg px-2 py-1"
          onBlur={(event) => {
            const priority = Number(event.target.value);
            if (Number.isInteger(priority) && priority !== channel.priority) update.mutate({ priority });
          }}
        />
      </Cell>
      <Cell column="Calls (1 h)" className="text-fg tabular-nums">
        {formatCount(channel.calls)}
      </Cell>
      <Cell column="Error rate" className="text-fg tabular-nums">
        {formatPercent(channel.errorRate)}
      </Cell>
      <Cell column="p50 / p95" className="text-fg tabular-nums">
        {ms(channel.p50Ms)} / {ms(channel.p95Ms)}
      </Cell>
      <Cell column="Circuit" className={channel.circuit === 'closed' ? 'text-fg' : 'text-danger'}>
        {channel.circuit}
      </Cell>
      <Cell column="Balance" className="text-fg tabular-nums">
        {channel.upstreamBalance === null ? '–' : formatCount(channel.upstreamBalance)}
      </Cell>
    </tr>
  );
}

/**
 * The upstream channels (docs/admin-figures.md, "Channels: `GET /api/admin/channels`"): each service's upstreams in the order
 * they are tried, their last hour, circuit and balance; an admin turns them on or off and reorders them.
 */
export function ChannelsTab() {
  const channels = useQuery(adminChannelsQuery);
  return (
    <QueryView query={channels}>
      {(data) => (
        <div className="space-y-3">
          <CardTable columns={COLUMNS} label="Upstream channels">
            {data.channels.map((channel) => (
              <ChannelRow key={`${channel.id}:${channel.priority}`} channel={channel} />
            ))}
          </CardTable>
          <p className="text-muted text-xs">
            Lower priority is tried first; a channel that fails five times in a row opens its circuit and gets
            no work for 30 seconds, then one probe. Changes are in the audit log.
          </p>
        </div>
      )}
    </QueryView>
  );
}
