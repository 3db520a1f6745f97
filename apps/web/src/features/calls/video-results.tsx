import { ResultFileActions } from './result-file-actions.tsx';

/** Each video in the browser's own player (seeking works: the files route answers byte ranges). */
export function VideoResults({ urls, onSeen }: { urls: string[]; onSeen?: () => void }) {
  return (
    <ul className="space-y-6">
      {urls.map((url, index) => {
        const label = urls.length > 1 ? `video ${index + 1}` : 'video';
        return (
          <li key={url} className="space-y-3">
            {/* biome-ignore lint/a11y/useMediaCaption: generated videos have no speech or sound to caption */}
            <video
              src={url}
              controls
              preload="metadata"
              playsInline
              aria-label={`Result ${label}`}
              onLoadedMetadata={onSeen}
              className="block max-h-[70vh] w-full max-w-3xl rounded-xl border border-border bg-surface-2"
            />
            <ResultFileActions url={url} label={label} />
          </li>
        );
      })}
    </ul>
  );
}
