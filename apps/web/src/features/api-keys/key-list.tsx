import { type ApiKey, SERVICES, type Service } from '@conduit/contracts';
import { KeyRound, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';

const PERMISSION_LABELS: Record<Service, string> = {
  image: 'Image',
  video: 'Video',
  sora: 'Sora',
  linkedin: 'LinkedIn',
};

function KeyFact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-muted text-xs">{term}</dt>
      <dd className="mt-1 text-fg">{children}</dd>
    </div>
  );
}

function KeyItem({ apiKey, onDelete }: { apiKey: ApiKey; onDelete: () => void }) {
  const granted = SERVICES.filter((service) => apiKey.permissions[service]);
  return (
    <li className="rounded-2xl border border-border bg-surface p-5 shadow-card">
      <div className="flex items-center justify-between gap-3">
        <h2 className="min-w-0 break-words font-semibold text-fg">{apiKey.keyName}</h2>
        <Button variant="ghost" size="sm" aria-label={`Delete key ${apiKey.keyName}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      </div>
      <div className="mt-3">
        <CopyButton value={apiKey.keyValue} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <KeyFact term="Created">{formatDate(apiKey.createdAt)}</KeyFact>
        <KeyFact term="Created by" className="min-w-0 break-all">
          {apiKey.createdBy ?? <span className="text-muted">-</span>}
        </KeyFact>
        <KeyFact term="Last used">{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}</KeyFact>
        <KeyFact term="Permissions" className="col-span-2 sm:col-span-1">
          <ul className="flex flex-wrap gap-1.5">
            {granted.map((service) => (
              <li
                key={service}
                className="rounded-full bg-primary-soft px-2 py-0.5 font-medium text-primary-text text-xs"
              >
                {PERMISSION_LABELS[service]}
              </li>
            ))}
          </ul>
        </KeyFact>
      </dl>
    </li>
  );
}

/** The account's keys, oldest first, each with its value to copy and a delete button. */
export function KeyList({ keys, onDelete }: { keys: ApiKey[]; onDelete: (apiKey: ApiKey) => void }) {
  if (keys.length === 0) {
    return (
      <div className="rounded-2xl border border-border border-dashed p-8 text-center">
        <KeyRound aria-hidden="true" className="mx-auto size-8 text-muted" />
        <p className="mt-3 font-medium text-fg">No API keys yet</p>
        <p className="mt-1 text-muted text-sm">Create a key, then send it in the X-API-Key header.</p>
      </div>
    );
  }
  return (
    <ul aria-label="API keys" className="space-y-4">
      {keys.map((apiKey) => (
        <KeyItem key={apiKey._id} apiKey={apiKey} onDelete={() => onDelete(apiKey)} />
      ))}
    </ul>
  );
}
