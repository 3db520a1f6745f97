import type { AdminChannel, UpdateChannelBody } from '@conduit/contracts';
import { useState } from 'react';
import { CardTable, Cell, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';
import { adminApi, adminChannelsQuery } from './admin-api.ts';
import { featureLabel, formatPercent } from './admin-format.ts';
import { QueryColumn } from './admin-load-error.tsx';
import { KieAccountsTable } from './kie-accounts-table.tsx';
import { ModelsTable } from './models-table.tsx';
import { EnabledBox, NumberOnLeave, useRowEdit } from './row-edit.tsx';

const COLUMNS = [
  'Channel',
  'Enabled',
  'Priority',
  'Margin floor',
  'Calls (1 h)',
  'Error rate',
  'p50 / p95',
  'Circuit',
  'Balance',
] as const;
const ms = (value: number | null) => (value === null ? '–' : `${formatCount(value)} ms`);

const channelName = (channel: AdminChannel) => `${featureLabel(channel.service)} on ${channel.upstream}`;
/** What a change did, read out once the server answered: "Image generation on kie: off, priority 10, margin floor 0%." */
const resultOf = (channel: AdminChannel) =>
  `${channelName(channel)}: ${channel.enabled ? 'on' : 'off'}, priority ${channel.priority}, margin floor ${channel.marginFloorPercent}%.`;

function ChannelRow({ channel, onResult }: { channel: AdminChannel; onResult: (text: string) => void }) {
  const name = channelName(channel);
  const { field, enabledField } = useRowEdit(
    name,
    (body: UpdateChannelBody) => adminApi.updateChannel(channel.id, body),
    (answer) => resultOf(answer.channel),
    onResult,
  );
  return (
    <tr className={ROW_CLASSES}>
      <TitleCell column="Channel">{name}</TitleCell>
      <Cell column="Enabled" className="text-fg">
        <EnabledBox {...enabledField(channel.enabled)} />
      </Cell>
      <FigureCell column="Priority">
        <NumberOnLeave {...field('priority', `${name} priority`, channel.priority)} min={0} max={1000} />
      </FigureCell>
      <FigureCell column="Margin floor">
        <NumberOnLeave
          {...field('marginFloorPercent', `${name} margin floor (percent)`, channel.marginFloorPercent)}
          min={0}
          max={100}
        />
        %
      </FigureCell>
      <FigureCell column="Calls (1 h)">{formatCount(channel.calls)}</FigureCell>
      <FigureCell column="Error rate">{formatPercent(channel.errorRate)}</FigureCell>
      <FigureCell column="p50 / p95">
        {ms(channel.p50Ms)} / {ms(channel.p95Ms)}
      </FigureCell>
      <Cell column="Circuit" className={channel.circuit === 'closed' ? 'text-fg' : 'text-danger'}>
        {channel.circuit}
      </Cell>
      <FigureCell column="Balance">
        {channel.upstreamBalance === null ? '–' : formatCount(channel.upstreamBalance)}
      </FigureCell>
    </tr>
  );
}

/**
 * The upstream channels (docs/admin-figures.md, "Channels: `GET /api/admin/channels`"): each service's upstreams in the order
 * they are tried, their last hour, circuit and balance; an admin turns them on or off and reorders them.
 */
export function ChannelsTab() {
  const [result, setResult] = useState('');
  return (
    <QueryColumn options={adminChannelsQuery} className="space-y-3">
      {(data) => (
        <>
          <CardTable columns={COLUMNS} label="Upstream channels">
            {data.channels.map((channel) => (
              <ChannelRow
                key={`${channel.id}:${channel.priority}:${channel.marginFloorPercent}`}
                channel={channel}
                onResult={setResult}
              />
            ))}
          </CardTable>
          <p role="status" className="text-fg text-sm">
            {result}
          </p>
          <p className="text-muted text-xs">
            Lower priority is tried first; a channel that fails five times in a row opens its circuit and gets
            no work for 30 seconds, then one probe. A fallback channel serves a call only if it keeps the
            margin floor: that percent of the credits' value left after the upstream's cost (0: never below
            cost). Changes are in the audit log.
          </p>
          <KieAccountsTable accounts={data.kieAccounts} onResult={setResult} />
          <ModelsTable />
        </>
      )}
    </QueryColumn>
  );
}
