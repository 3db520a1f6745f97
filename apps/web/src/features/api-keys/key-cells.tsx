import { type ApiKey, KEY_SCREEN_TEXTS, SERVICES, type Service } from '@conduit/contracts';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';

export const SERVICE_SHORT_LABELS: Record<Service, string> = {
  image: 'Image',
  video: 'Video',
  sora: 'Sora',
  linkedin: 'LinkedIn',
};

const isPast = (iso: string) => new Date(iso).getTime() <= Date.now();

/**
 * The key as `cnd_live_…abcd`; the copy button copies the whole key. "Reveal" adds the whole key
 * under it, wrapping inside the cell: a block of no width of its own (`w-0 min-w-full`), so the
 * table keeps its column widths. After a roll, until when the old key still works.
 */
export function KeyValue({ apiKey }: { apiKey: ApiKey }) {
  const [isRevealed, setRevealed] = useState(false);
  const revealedId = useId();
  const Icon = isRevealed ? EyeOff : Eye;
  const oldUntil = apiKey.previousKeyValidUntil;
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex min-w-0 items-start gap-1">
        <div className="min-w-0 flex-1">
          <CopyButton size="sm" value={apiKey.keyValue} label={apiKey.keyPreview} />
        </div>
        <button
          type="button"
          aria-label={`${isRevealed ? 'Hide' : 'Reveal'} key ${apiKey.keyName}`}
          aria-expanded={isRevealed}
          aria-controls={isRevealed ? revealedId : undefined}
          title={isRevealed ? 'Hide' : 'Reveal'}
          onClick={() => setRevealed(!isRevealed)}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-1 text-muted text-xs hover:bg-surface-2 hover:text-fg"
        >
          <Icon aria-hidden="true" className="size-4" />
          <span className="sm:hidden">{isRevealed ? 'Hide' : 'Reveal'}</span>
        </button>
      </div>
      {isRevealed && (
        <code
          id={revealedId}
          className="block w-0 min-w-full break-all rounded-md bg-surface-2 px-2 py-1 font-mono text-fg text-xs"
        >
          {apiKey.keyValue}
        </code>
      )}
      {oldUntil && !isPast(oldUntil) && (
        <p className="text-warning text-xs">{KEY_SCREEN_TEXTS.oldKeyWorksUntil(formatDateTime(oldUntil))}</p>
      )}
    </div>
  );
}

/** "All services", or a chip per service the key may call. */
export function ServiceChips({ apiKey }: { apiKey: ApiKey }) {
  const allowed = SERVICES.filter((service) => apiKey.permissions[service]);
  if (allowed.length === SERVICES.length)
    return <span className="text-fg">{KEY_SCREEN_TEXTS.allServices}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {allowed.map((service) => (
        <li
          key={service}
          className="rounded-full bg-primary-soft px-2 py-0.5 font-medium text-primary-text text-xs"
        >
          {SERVICE_SHORT_LABELS[service]}
        </li>
      ))}
    </ul>
  );
}

/** The last call's time and address, or "Never". */
export function LastUsed({ apiKey }: { apiKey: ApiKey }) {
  if (!apiKey.lastUsedAt) return <span className="text-muted">{KEY_SCREEN_TEXTS.never}</span>;
  return (
    <div className="sm:min-w-24 sm:max-w-28">
      <p className="text-fg">{formatDateTime(apiKey.lastUsedAt)}</p>
      {apiKey.lastUsedIp && <p className="break-all font-mono text-muted text-xs">{apiKey.lastUsedIp}</p>}
    </div>
  );
}

/** The expiry date ("Never" without one), with an "Expired" badge once it has passed. */
export function Expiry({ apiKey }: { apiKey: ApiKey }) {
  if (!apiKey.expiresAt) return <span className="text-muted">{KEY_SCREEN_TEXTS.never}</span>;
  return (
    <div title={formatDateTime(apiKey.expiresAt)}>
      <p className="whitespace-nowrap text-fg">{formatDate(apiKey.expiresAt)}</p>
      {isPast(apiKey.expiresAt) && (
        <span className="mt-1 inline-block rounded-full bg-danger-soft px-2 py-0.5 font-medium text-danger text-xs">
          {KEY_SCREEN_TEXTS.expired}
        </span>
      )}
    </div>
  );
}
