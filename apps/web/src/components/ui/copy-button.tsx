import { KEY_TEXTS } from '@conduit/contracts';
import { Check, Copy } from 'lucide-react';
import { useCopy } from './use-copy.ts';

export const COPIED_TEXT = 'Copied!';

/**
 * The value itself is the button ("Copy <value>" to a screen reader), or `label` in its place (a
 * masked key that copies the whole one). The outcome is announced
 * beside it: 'Copied!' for two seconds, or 'Failed to copy to clipboard' (docs/product.md, "Other screens").
 */
export function CopyButton({
  value,
  label = value,
  size = 'md',
}: {
  value: string;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const { status, copy } = useCopy();
  const Icon = status === 'copied' ? Check : Copy;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <button
        type="button"
        onClick={() => void copy(value)}
        className={`inline-flex min-w-0 max-w-full items-center gap-2 rounded-lg border border-border bg-bg font-mono text-fg hover:bg-surface-2 ${
          size === 'sm' ? 'px-2 py-1 text-xs' : 'px-3 py-2 text-sm'
        }`}
      >
        <span className="sr-only">Copy</span> <span className="truncate">{label}</span>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted" />
      </button>
      <span role="status" className={`text-xs ${status === 'failed' ? 'text-danger' : 'text-muted'}`}>
        {status === 'copied' ? COPIED_TEXT : status === 'failed' ? KEY_TEXTS.copyFailed : ''}
      </span>
    </div>
  );
}
