import { ResultFileActions } from './result-file-actions.tsx';

/** Each image at its own aspect ratio (never cropped), linked to its full size. */
export function ImageResults({
  urls,
  prompt,
  onSeen,
}: {
  urls: string[];
  prompt?: string;
  onSeen?: () => void;
}) {
  return (
    <ul className="space-y-6">
      {urls.map((url, index) => {
        const label = urls.length > 1 ? `image ${index + 1}` : 'image';
        return (
          <li key={url} className="space-y-3">
            <img
              src={url}
              alt={prompt ? `Generated image: ${prompt}` : `Generated ${label}`}
              onLoad={onSeen}
              className="block h-auto max-h-[70vh] w-auto max-w-full rounded-xl border border-border bg-surface-2"
            />
            <ResultFileActions url={url} label={label} />
          </li>
        );
      })}
    </ul>
  );
}
