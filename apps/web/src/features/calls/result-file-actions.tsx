import { Download, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/button-styles.ts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { NewTabLink } from '../../components/ui/new-tab-link.tsx';

/** The file's URL answering as an attachment (the files route's `?download=1`). */
export function downloadUrlOf(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    parsed.searchParams.set('download', '1');
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Open full size, download, and the URL itself to copy. */
export function ResultFileActions({ url, label }: { url: string; label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <NewTabLink
        href={url}
        className={buttonClasses('secondary', 'sm')}
        aria-label={`Open full size: ${label}`}
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        Open full size
      </NewTabLink>
      <a
        href={downloadUrlOf(url)}
        download
        className={buttonClasses('secondary', 'sm')}
        aria-label={`Download ${label}`}
      >
        <Download aria-hidden="true" className="size-4" />
        Download
      </a>
      <div className="min-w-0 max-w-full flex-1 basis-48">
        <CopyButton value={url} size="sm" />
      </div>
    </div>
  );
}

/**
 * A call's result files one under another, each shown by `render` with its actions; `noun` names
 * them ("image 2" when there are several, "image" alone).
 */
export function ResultFiles({
  urls,
  noun,
  render,
}: {
  urls: string[];
  noun: string;
  render: (url: string, label: string) => ReactNode;
}) {
  return (
    <ul className="space-y-6">
      {urls.map((url, index) => {
        const label = urls.length > 1 ? `${noun} ${index + 1}` : noun;
        return (
          <li key={url} className="space-y-3">
            {render(url, label)}
            <ResultFileActions url={url} label={label} />
          </li>
        );
      })}
    </ul>
  );
}
