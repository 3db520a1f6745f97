import type { RequestLogItem } from '@conduit/contracts';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';

const COLUMNS = ['Time', 'Status', 'Endpoint', 'Key', 'Duration', 'Request'] as const;

/** The status with an icon: a check for success, a warning for a refusal, a cross for our failure. */
export function StatusBadge({ status, code }: Pick<RequestLogItem, 'status' | 'code'>) {
  const [Icon, tone] =
    status >= 500
      ? [CircleX, 'text-danger']
      : status >= 400
        ? [TriangleAlert, 'text-warning']
        : [CircleCheck, 'text-success'];
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Icon aria-hidden="true" className={`size-4 ${tone}`} />
      <span className="font-mono font-semibold text-fg text-xs">{status}</span>
      {code && <span className="break-all font-mono text-muted text-xs">{code}</span>}
    </span>
  );
}

/** One row per request; the request id opens its details. */
export function LogsTable({
  items,
  labelledBy,
  onOpen,
}: {
  items: RequestLogItem[];
  labelledBy: string;
  onOpen: (item: RequestLogItem) => void;
}) {
  return (
    <CardTable compact columns={COLUMNS} labelledBy={labelledBy}>
      {items.map((item) => (
        <tr key={`${item.requestId}-${item.at}`} className={ROW_CLASSES}>
          <Cell compact column="Time" className="text-fg sm:whitespace-nowrap">
            <Timestamp at={item.at} />
          </Cell>
          <Cell compact column="Status">
            <StatusBadge status={item.status} code={item.code} />
          </Cell>
          <Cell compact column="Endpoint" className="min-w-0 text-fg max-sm:col-span-2">
            <span className="font-mono text-xs">
              <span className="font-semibold">{item.method}</span>{' '}
              <span className="break-all">{item.endpoint}</span>
            </span>
          </Cell>
          <Cell compact column="Key" className="break-words text-fg">
            {item.keyName}
          </Cell>
          <Cell compact column="Duration" className="text-fg tabular-nums sm:whitespace-nowrap">
            {item.durationMs} ms
          </Cell>
          <Cell compact column="Request" className="min-w-0 max-sm:col-span-2">
            <button
              type="button"
              onClick={() => onOpen(item)}
              aria-label={`Details of request ${item.requestId}`}
              className="break-all text-left font-mono text-primary-text text-xs underline underline-offset-2"
            >
              {item.requestId}
            </button>
          </Cell>
        </tr>
      ))}
    </CardTable>
  );
}
