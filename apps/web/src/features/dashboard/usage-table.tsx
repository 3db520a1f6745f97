import { callPagePath, SERVICE_LABELS, type UsageItem } from '@conduit/contracts';
import { Link } from 'react-router';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { CallStatus } from '../calls/call-status.tsx';
import { ElapsedTime } from '../live-status/elapsed-time.tsx';

const COLUMNS = ['Time', 'Key', 'Service', 'Model', 'Status', 'Credits', 'Task ID'] as const;

/** "2 charged", "2 refunded" (all of it came back) or "10 charged, 4 refunded". */
export function creditsText({ creditsCharged, creditsRefunded }: UsageItem): string {
  if (creditsRefunded === 0) return `${formatQuantity(creditsCharged, 'credit')} charged`;
  if (creditsRefunded === creditsCharged) return `${formatQuantity(creditsRefunded, 'credit')} refunded`;
  return `${formatQuantity(creditsCharged, 'credit')} charged, ${creditsRefunded} refunded`;
}

/** The call's model; Sora and LinkedIn have none. */
function ModelCell({ item }: { item: UsageItem }) {
  if (item.model) return <>{item.model.name}</>;
  if (item.service === 'image' || item.service === 'video')
    return <span className="text-muted">Not recorded</span>;
  return (
    <span className="text-muted">
      <span aria-hidden="true">-</span>
      <span className="sr-only">No model</span>
    </span>
  );
}

export function UsageTable({ items, labelledBy }: { items: UsageItem[]; labelledBy: string }) {
  return (
    <CardTable compact columns={COLUMNS} labelledBy={labelledBy}>
      {items.map((item) => (
        <tr key={item.taskId} className={ROW_CLASSES}>
          <Cell compact column="Time" className="text-fg sm:whitespace-nowrap">
            <Timestamp at={item.createdAt} />
          </Cell>
          <Cell compact column="Key" className="break-words text-fg">
            {item.keyName}
          </Cell>
          <Cell compact column="Service" className="text-fg">
            {SERVICE_LABELS[item.service]}
          </Cell>
          <Cell compact column="Model" className="text-fg">
            <ModelCell item={item} />
          </Cell>
          <Cell compact column="Status" className="text-fg">
            <span className="inline-flex items-center gap-1.5">
              <CallStatus status={item.status} />
              {item.status === 'processing' && <ElapsedTime since={item.createdAt} />}
            </span>
          </Cell>
          <Cell compact column="Credits" className="text-fg sm:whitespace-nowrap">
            {creditsText(item)}
          </Cell>
          <Cell compact column="Task ID" className="min-w-0 max-sm:col-span-2">
            <Link
              to={callPagePath(item.taskId)}
              aria-label={`Open call ${item.taskId}`}
              className="break-all font-mono text-primary-text text-xs underline underline-offset-2 sm:whitespace-nowrap"
            >
              {item.taskId}
            </Link>
          </Cell>
        </tr>
      ))}
    </CardTable>
  );
}
