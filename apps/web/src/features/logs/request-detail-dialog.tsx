import { callPagePath, type RequestLogItem, SERVICE_LABELS } from '@conduit/contracts';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Fact } from '../../components/ui/fact.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { StatusBadge } from './logs-table.tsx';

/** One request in full: what was answered and why, which key and address, and the task it made. */
export function RequestDetailDialog({ item, onClose }: { item: RequestLogItem | null; onClose: () => void }) {
  return (
    <Dialog isOpen={item !== null} onClose={onClose} title="Request details">
      {item && (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Fact term="Status">
            <StatusBadge status={item.status} code={item.code} />
          </Fact>
          <Fact term="Time">
            <Timestamp at={item.at} />
          </Fact>
          {item.error && (
            <div className="sm:col-span-2">
              <dt className="text-muted text-xs">Error</dt>
              <dd className="mt-1 rounded-lg border border-border bg-surface-2 p-3 text-fg text-sm">
                {item.error}
              </dd>
            </div>
          )}
          <Fact term="Endpoint">
            <span className="font-mono text-xs">
              {item.method} {item.endpoint}
            </span>
          </Fact>
          <Fact term="Service">{item.service ? SERVICE_LABELS[item.service] : 'None (account)'}</Fact>
          <Fact term="Request ID">
            <span className="font-mono text-xs">{item.requestId}</span>
          </Fact>
          <Fact term="Task ID">
            {item.taskId ? (
              <Link
                to={callPagePath(item.taskId)}
                className="break-all font-mono text-primary-text text-xs underline"
              >
                {item.taskId}
              </Link>
            ) : (
              'None'
            )}
          </Fact>
          <Fact term="Key">{item.keyName}</Fact>
          <Fact term="IP address">
            <span className="font-mono text-xs">{item.ip}</span>
          </Fact>
          <Fact term="Duration">{item.durationMs} ms</Fact>
          {Object.keys(item.metadata).length > 0 && (
            <Fact term="Metadata">
              {Object.entries(item.metadata).map(([key, value]) => (
                <span key={key} className="block break-words">
                  <span className="font-mono text-muted text-xs">{key}</span> {value}
                </span>
              ))}
            </Fact>
          )}
        </dl>
      )}
    </Dialog>
  );
}
